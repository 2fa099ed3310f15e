// coalescedRun: one run at a time, a burst of requests during a run gives exactly one more run.
import { coalescedRun } from "../../../workers/lib/coalescedRun";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("coalescedRun", () => {
  it("runs once per call when calls do not overlap", async () => {
    let runs = 0;
    const run = coalescedRun(
      () => {
        runs += 1;
        return Promise.resolve();
      },
      () => true,
    );
    await run();
    await run();
    expect(runs).toBe(2);
  });

  it("folds a burst during a run into exactly one more run, and every caller waits for it", async () => {
    const gates = [gate(), gate()];
    let runs = 0;
    const run = coalescedRun(
      async () => {
        const g = gates[runs]!;
        runs += 1;
        await g.opened;
      },
      () => true,
    );
    const first = run();
    const burst = [run(), run(), run()];
    expect(runs).toBe(1);
    let settled = false;
    void Promise.all(burst).then(() => {
      settled = true;
    });
    gates[0]!.open();
    await vi.waitFor(() => {
      expect(runs).toBe(2);
    });
    expect(settled).toBe(false);
    gates[1]!.open();
    await Promise.all([first, ...burst]);
    expect(runs).toBe(2);
  });

  it("skips the extra run once it is no longer wanted, and a failure ends the run for its callers", async () => {
    let wanted = true;
    let runs = 0;
    const g = gate();
    const run = coalescedRun(
      async () => {
        runs += 1;
        await g.opened;
      },
      () => wanted,
    );
    const first = run();
    void run();
    wanted = false;
    g.open();
    await first;
    expect(runs).toBe(1);

    const failing = coalescedRun(
      () => Promise.reject(new Error("down")),
      () => true,
    );
    await expect(failing()).rejects.toThrow("down");
    await expect(failing()).rejects.toThrow("down");
  });
});
