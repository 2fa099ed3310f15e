// The seeded fault plan and the frame cutter the proxy relies on: a seed always gives the same plan,
// faults are spread over the whole run and follow the weights; frames are cut exactly at their
// boundaries however the bytes are chunked.
import { Op, encodeFrame } from "#protocol";
import {
  DEFAULT_FAULT_WEIGHTS,
  FaultKind,
  planFaults,
  weightedPick,
} from "../../chaos/faultPlan";
import { FrameCutter } from "../../chaos/FrameCutter";
import { SHEET_FRAMES, hex } from "../../support/protocol/protocolFixtures";
import { Prng } from "../../support/protocol/prng";

describe("planFaults", () => {
  it("is a function of the seed", () => {
    const a = planFaults({ seed: 42, faults: 100, messages: 2000 });
    expect(planFaults({ seed: 42, faults: 100, messages: 2000 })).toEqual(a);
    expect(planFaults({ seed: 43, faults: 100, messages: 2000 })).not.toEqual(
      a,
    );
  });

  it("spreads the faults over the whole run, in message order", () => {
    const plan = planFaults({ seed: 7, faults: 100, messages: 2000 });
    expect(plan).toHaveLength(100);
    const at = plan.map((f) => f.afterMessage);
    expect(at).toEqual([...at].sort((x, y) => x - y));
    expect(Math.min(...at)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...at)).toBeLessThan(2000);
    // Every tenth of the run gets some.
    for (let tenth = 0; tenth < 10; tenth++)
      expect(at.some((a) => a >= tenth * 200 && a < (tenth + 1) * 200)).toBe(
        true,
      );
    for (const f of plan) {
      expect(f.cutAt).toBeGreaterThan(0);
      expect(f.cutAt).toBeLessThan(1);
      expect(f.count).toBeGreaterThanOrEqual(1);
    }
  });

  it("draws kinds by weight and leaves out the ones weighted 0", () => {
    const plan = planFaults({
      seed: 1,
      faults: 2000,
      messages: 2000,
      weights: { kill: 0, killAfterCommit: 0 },
    });
    const kinds = new Set(plan.map((f) => f.kind));
    expect(kinds.has(FaultKind.KILL)).toBe(false);
    expect(kinds.has(FaultKind.KILL_AFTER_COMMIT)).toBe(false);
    const total =
      Object.values(DEFAULT_FAULT_WEIGHTS).reduce((a, b) => a + b, 0) -
      DEFAULT_FAULT_WEIGHTS.kill -
      DEFAULT_FAULT_WEIGHTS.killAfterCommit;
    const drops = plan.filter((f) => f.kind === FaultKind.DROP_RECV).length;
    expect(drops / 2000).toBeCloseTo(DEFAULT_FAULT_WEIGHTS.dropRecv / total, 1);
  });

  it("refuses nonsense", () => {
    expect(() => planFaults({ seed: 1, faults: -1, messages: 10 })).toThrow();
    expect(() => planFaults({ seed: 1, faults: 1, messages: 0 })).toThrow();
    expect(() => weightedPick(new Prng(1), { a: 0 })).toThrow();
  });
});

describe("FrameCutter", () => {
  const frames = [
    hex(SHEET_FRAMES.sendack),
    encodeFrame({ op: Op.PONG }, 4),
    hex(SHEET_FRAMES.recvV4),
    hex(SHEET_FRAMES.disconnect),
  ];
  const stream = Uint8Array.from(frames.flatMap((f) => [...f]));

  it("cuts a stream fed in one piece or byte by byte into the same frames", () => {
    const whole = new FrameCutter().push(stream);
    expect(whole.map((f) => f.op)).toEqual([
      Op.SENDACK,
      Op.PONG,
      Op.RECV,
      Op.DISCONNECT,
    ]);
    expect(whole.map((f) => f.bytes)).toEqual(frames);
    const cutter = new FrameCutter();
    const byByte = [...stream].flatMap((b) => cutter.push(Uint8Array.of(b)));
    expect(byByte.map((f) => f.bytes)).toEqual(frames);
    expect(cutter.pending).toBe(0);
  });

  it("keeps a partial frame for later and refuses a non-frame", () => {
    const cutter = new FrameCutter();
    expect(cutter.push(stream.subarray(0, 5))).toEqual([]);
    expect(cutter.pending).toBe(5);
    expect(cutter.push(stream.subarray(5)).map((f) => f.op)).toHaveLength(4);
    expect(() => new FrameCutter().push(Uint8Array.of(0x00))).toThrow(
      /not a WuKongIM frame/,
    );
  });
});
