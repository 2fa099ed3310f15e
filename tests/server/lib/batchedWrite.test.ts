// batchedWrite: a lone item is written at once; items submitted while a write runs share the next;
// a failed write fails its own items only.
import { batchedWrite } from "../../../server/lib/batchedWrite";

function recordingWrite() {
  const writes: string[][] = [];
  let release: (error?: Error) => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  return {
    writes,
    /** Holds the next write until `open()` (or fails it with `open(error)`). */
    hold() {
      gate = new Promise((resolve, reject) => {
        release = (error) => {
          if (error === undefined) resolve();
          else reject(error);
        };
      });
    },
    open(error?: Error) {
      release(error);
    },
    write: async (items: readonly string[]) => {
      writes.push([...items]);
      const held = gate;
      gate = Promise.resolve();
      await held;
    },
  };
}

it("[#20] writes a lone item at once", async () => {
  const rec = recordingWrite();
  const write = batchedWrite(rec.write);
  await write("a");
  await write("b");
  expect(rec.writes).toEqual([["a"], ["b"]]);
});

it("[#20] items submitted while a write runs go together in the next, each settling after its own", async () => {
  const rec = recordingWrite();
  rec.hold();
  const write = batchedWrite(rec.write);
  const settled: string[] = [];
  const first = write("a").then(() => settled.push("a"));
  await Promise.resolve();
  await Promise.resolve();
  const later = ["b", "c", "d"].map((item) =>
    write(item).then(() => settled.push(item)),
  );
  expect(settled).toEqual([]);
  rec.open();
  await Promise.all([first, ...later]);
  expect(rec.writes).toEqual([["a"], ["b", "c", "d"]]);
  expect(settled).toEqual(["a", "b", "c", "d"]);
});

it("[#20] a failed write rejects its own items; the next batch is written", async () => {
  const rec = recordingWrite();
  rec.hold();
  const write = batchedWrite(rec.write);
  const first = write("a");
  await Promise.resolve();
  await Promise.resolve();
  const second = write("b");
  rec.open(new Error("disk full"));
  await expect(first).rejects.toThrow("disk full");
  await expect(second).resolves.toBeUndefined();
  expect(rec.writes).toEqual([["a"], ["b"]]);
});
