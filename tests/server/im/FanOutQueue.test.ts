import { describe, expect, it } from "vitest";
import { FanOutQueue } from "../../../server/im/FanOutQueue";

/** A queue whose deferred turns run only when the test says so. */
function queueWithTurns() {
  const turns: (() => void)[] = [];
  const errors: unknown[] = [];
  const queue = new FanOutQueue(
    (error) => errors.push(error),
    (fn) => turns.push(fn),
  );
  const nextTurn = () => {
    const turn = turns.shift();
    if (turn === undefined) throw new Error("no turn scheduled");
    turn();
  };
  return { queue, turns, errors, nextTurn };
}

describe("FanOutQueue", () => {
  it("runs nothing until its turn, then every job in the order queued", () => {
    const { queue, turns, nextTurn } = queueWithTurns();
    const ran: number[] = [];
    for (let i = 0; i < 3; i++) queue.push(() => ran.push(i));
    expect(ran).toEqual([]);
    expect(queue.pending).toBe(3);
    expect(turns).toHaveLength(1);
    nextTurn();
    expect(ran).toEqual([0, 1, 2]);
    expect(queue.pending).toBe(0);
  });

  it("runs after the microtasks of the turn that queued it (real setImmediate)", async () => {
    const order: string[] = [];
    const queue = new FanOutQueue(() => undefined);
    const settled = Promise.resolve().then(() => {
      queue.push(() => order.push("fan-out"));
      return Promise.resolve()
        .then(() => order.push("ack 1"))
        .then(() => order.push("ack 2"));
    });
    await settled;
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(["ack 1", "ack 2", "fan-out"]);
  });

  it("keeps going after a job that throws and reports it", () => {
    const { queue, errors, nextTurn } = queueWithTurns();
    const ran: string[] = [];
    queue.push(() => ran.push("a"));
    queue.push(() => {
      throw new Error("socket gone");
    });
    queue.push(() => ran.push("c"));
    nextTurn();
    expect(ran).toEqual(["a", "c"]);
    expect(errors).toEqual([new Error("socket gone")]);
  });

  it("gives a job queued while the queue runs a turn of its own", () => {
    const { queue, turns, nextTurn } = queueWithTurns();
    const ran: string[] = [];
    queue.push(() => {
      ran.push("first");
      queue.push(() => ran.push("queued by first"));
    });
    nextTurn();
    expect(ran).toEqual(["first"]);
    expect(turns).toHaveLength(1);
    nextTurn();
    expect(ran).toEqual(["first", "queued by first"]);
  });

  it("flush runs what waits at once, and its scheduled turn then finds nothing", () => {
    const { queue, turns, nextTurn } = queueWithTurns();
    const ran: string[] = [];
    queue.push(() => ran.push("last RECV"));
    queue.flush();
    expect(ran).toEqual(["last RECV"]);
    expect(turns).toHaveLength(1);
    nextTurn();
    expect(ran).toEqual(["last RECV"]);
    queue.push(() => ran.push("after"));
    expect(turns).toHaveLength(1);
    nextTurn();
    expect(ran).toEqual(["last RECV", "after"]);
  });
});
