// Periodic jobs on several app servers sharing one database run once per period: the claim in
// job_leases lets exactly one server through, on PGlite and PostgreSQL.
import { afterEach, beforeEach, expect, it } from "vitest";
import { claimPeriod, schedulePeriodic } from "../../../server/lib/periodicJob";
import { testClock } from "../../support/testClock";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../support/server/testDb";

const MINUTE = 60_000;

describeEachDatabase("periodic jobs", (kind) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase(kind, { seed: false });
  });
  afterEach(async () => {
    await database.close();
  });

  it("lets one server claim each period", async () => {
    const { db } = database;
    const t0 = Date.parse("2026-11-26T10:00:00Z");
    expect(await claimPeriod(db, "sweep", MINUTE, t0, "a")).toEqual({
      previousAt: null,
    });
    expect(await claimPeriod(db, "sweep", MINUTE, t0 + 1000, "b")).toBeNull();
    // Another job has its own periods.
    expect(await claimPeriod(db, "other", MINUTE, t0 + 1000, "b")).toEqual({
      previousAt: null,
    });
    // Timers tick at different phases: a claim 90 % of a period later wins, once, and learns
    // when the run before it was claimed (a sweep's window starts there).
    expect(
      await claimPeriod(db, "sweep", MINUTE, t0 + 0.9 * MINUTE, "b"),
    ).toEqual({ previousAt: t0 });
    expect(
      await claimPeriod(db, "sweep", MINUTE, t0 + 0.95 * MINUTE, "a"),
    ).toBeNull();
  });

  it("runs a scheduled job once per period however many servers tick", async () => {
    const clock = testClock(Date.parse("2026-11-26T10:00:00Z"));
    let runs = 0;
    let ticks = 0;
    const servers = ["a", "b", "c"].map(() =>
      schedulePeriodic({
        db: database.db,
        clock: () => {
          ticks++;
          return clock();
        },
        logger: console,
        name: "sweep",
        // NOTE: the timers tick every 20 ms; the period is the job's clock, which the test moves.
        intervalMs: 20,
        run: () => {
          runs++;
          return Promise.resolve();
        },
      }),
    );
    const waitTicks = async (count: number) => {
      const target = ticks + count;
      while (ticks < target) await new Promise((r) => setTimeout(r, 10));
      // NOTE: let the last ticks' claims finish.
      await new Promise((r) => setTimeout(r, 100));
    };
    await waitTicks(15);
    expect(runs).toBe(1);
    clock.advance(20);
    await waitTicks(15);
    expect(runs).toBe(2);
    for (const stop of servers) await stop();
  });
});
