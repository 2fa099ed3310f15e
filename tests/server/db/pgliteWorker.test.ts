// The on-disk embedded database in its worker thread (PgliteWorkerClient + pgliteWorkerHost):
// queries and their types, database errors crossing as errors with their fields, transactions kept
// whole and isolated under concurrent callers, Drizzle (migrations, queries, transactions) over it,
// the IM group-commit statements, and close/reopen with the data still there.
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { eq, sql } from "drizzle-orm";
import { createDb, type Database } from "../../../server/db/createDb";
import {
  type DurableSync,
  durableSyncs,
} from "../../../server/db/durableSyncs";
import { PgliteWorkerClient } from "../../../server/db/PgliteWorkerClient";
import { users } from "../../../server/db/schema";
import { batchStatements } from "../../../server/im/batchStatements";
import { persistBatch } from "../../../server/im/persistBatch";
import { createTestDatabase } from "../../support/server/testDb";

/** A migrated data directory on disk, started from the tests' cached template (no initdb). */
async function migratedDataDir(): Promise<{ dir: string; dump: Blob }> {
  const template = await createTestDatabase("pglite", { seed: false });
  const dump = await template.pglite!.dumpDataDir("none");
  await template.close();
  const dir = await mkdtemp(join(tmpdir(), "fuyuan-pglite-worker-"));
  return { dir, dump };
}

describe("PGlite in a worker thread", () => {
  let dir: string;
  let database: Database;
  let client: PgliteWorkerClient;

  beforeAll(async () => {
    const data = await migratedDataDir();
    dir = data.dir;
    database = await createDb({
      driver: "pglite",
      dataDir: join(dir, "pglite"),
      loadDataDir: data.dump,
    });
    await database.migrate();
    client = (database.db as unknown as { $client: PgliteWorkerClient })
      .$client;
  });

  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("an on-disk database runs in the worker; its session has wal_init_zero off", async () => {
    expect(database.driver).toBe("pglite");
    expect(database.pglite).toBeNull();
    expect(client).toBeInstanceOf(PgliteWorkerClient);
    const { rows } = await client.query<{ w: string }>(
      "select current_setting('wal_init_zero') as w",
    );
    expect(rows).toEqual([{ w: "off" }]);
  });

  it("publishes each write's durable sync on its diagnostics channel, a read's none, a CHECKPOINT's as one", async () => {
    const seen: DurableSync[] = [];
    const listen = (message: unknown) => {
      seen.push(message as DurableSync);
    };
    subscribe(durableSyncs.name, listen);
    try {
      await client.query("select count(*) from users");
      expect(seen).toEqual([]);
      await client.exec(
        "create table if not exists durable_probe (n int); insert into durable_probe values (1)",
      );
      expect(seen).toHaveLength(1);
      expect(seen[0]?.checkpoint).toBe(false);
      expect(seen[0]?.ms).toBeGreaterThanOrEqual(0);
      await client.exec("insert into durable_probe values (2); checkpoint");
      expect(seen).toHaveLength(2);
      expect(seen[1]?.checkpoint).toBe(true);
      await client.exec("drop table durable_probe");
    } finally {
      unsubscribe(durableSyncs.name, listen);
    }
  });

  it("answers queries with parameters in object and array row modes, with PGlite's types", async () => {
    const bytes = Uint8Array.of(0, 1, 254, 255);
    const byName = await client.query<Record<string, unknown>>(
      "select $1::int as n, $2::text as t, $3::bytea as b, $4::jsonb as j, null as z",
      [42, "福缘", bytes, JSON.stringify({ a: [1, 2] })],
    );
    expect(byName.rows).toEqual([
      { n: 42, t: "福缘", b: bytes, j: { a: [1, 2] }, z: null },
    ]);
    expect(byName.fields.map((f) => f.name)).toEqual(["n", "t", "b", "j", "z"]);
    const byIndex = await client.query<unknown[]>(
      "select 1 as a, 'x' as b",
      [],
      { rowMode: "array" },
    );
    expect(byIndex.rows).toEqual([[1, "x"]]);
    const written = await client
      .query(
        "create temporary table worker_t(v int); insert into worker_t values (1), (2)",
      )
      .catch((error: unknown) => error);
    expect(written).toBeInstanceOf(Error);
    const [, inserted] = await client
      .exec(
        "create temporary table worker_t(v int); insert into worker_t values (1), (2); select count(*)::int as c from worker_t",
      )
      .then((results) => [results[0], results[2]]);
    expect(inserted?.rows).toEqual([{ c: 2 }]);
  });

  it("keeps the types Drizzle asks for as text, and refuses a parser it cannot carry", async () => {
    const kept = await client.query<{ at: string }>(
      "select '2024-02-03 04:05:06'::timestamp as at",
      [],
      { parsers: { 1114: (value: string) => value } },
    );
    expect(kept.rows).toEqual([{ at: "2024-02-03 04:05:06" }]);
    const parsed = await client.query<{ at: unknown }>(
      "select '2024-02-03 04:05:06+00'::timestamptz as at",
    );
    expect(parsed.rows[0]?.at).toBeInstanceOf(Date);
    await expect(
      client.query("select 1", [], {
        parsers: { 1114: (value: string) => new Date(value) },
      }),
    ).rejects.toThrow(/custom parser for type 1114/);
  });

  it("a database error crosses as an Error with its code, constraint and detail; the client stays usable", async () => {
    await client.exec(
      "create table worker_unique(k text constraint worker_unique_k unique)",
    );
    await client.query("insert into worker_unique values ($1)", ["a"]);
    const error = await client
      .query("insert into worker_unique values ($1)", ["a"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: "23505",
      constraint: "worker_unique_k",
      message: expect.stringContaining("duplicate key") as unknown,
    });
    await expect(
      client.query("select * from no_such_table"),
    ).rejects.toMatchObject({ code: "42P01" });
    expect(
      (await client.query("select count(*)::int as c from worker_unique")).rows,
    ).toEqual([{ c: 1 }]);
  });

  it("a transaction is whole and isolated: concurrent callers wait for its COMMIT, a throw rolls it back", async () => {
    await client.exec("create table worker_tx(v int)");
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = client.transaction(async (t) => {
      await t.query("insert into worker_tx values (1)");
      await held;
      await t.query("insert into worker_tx values (2)");
      return "done";
    });
    // NOTE: asked while the transaction is open; it must see both rows or none, never one.
    const seen = client.query<{ c: number }>(
      "select count(*)::int as c from worker_tx",
    );
    const order: string[] = [];
    void seen.then(() => order.push("read"));
    void tx.then(() => order.push("commit"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    expect(await tx).toBe("done");
    expect((await seen).rows).toEqual([{ c: 2 }]);
    expect(order).toEqual(["commit", "read"]);

    const failed = await client
      .transaction(async (t) => {
        await t.query("insert into worker_tx values (3)");
        throw new Error("changed my mind");
      })
      .catch((e: unknown) => e);
    expect(failed).toMatchObject({ message: "changed my mind" });
    const rolledBack = await client.transaction(async (t) => {
      await t.query("insert into worker_tx values (4)");
      await t.rollback();
      return "ignored";
    });
    expect(rolledBack).toBeUndefined();
    expect(
      (await client.query("select array_agg(v order by v) as v from worker_tx"))
        .rows,
    ).toEqual([{ v: [1, 2] }]);
  });

  it("statements outside a transaction are pipelined: the next is sent before the first is answered", async () => {
    const events: string[] = [];
    const original = Object.getOwnPropertyDescriptor(
      Worker.prototype,
      "postMessage",
    )!.value as (this: Worker, message: unknown) => void;
    const post = vi.spyOn(Worker.prototype, "postMessage");
    post.mockImplementation(function (this: Worker, message: unknown) {
      const sql = (message as { sql?: string }).sql ?? "";
      if (sql.includes("pg_sleep") || sql.includes("'second'"))
        events.push(`sent ${sql.includes("pg_sleep") ? "first" : "second"}`);
      original.call(this, message);
    });
    try {
      const first = client
        .query("select pg_sleep(0.2)")
        .then(() => events.push("first answered"));
      const second = client
        .query<{ v: string }>("select 'second' as v")
        .then((result) => {
          events.push("second answered");
          return result.rows;
        });
      await first;
      expect(await second).toEqual([{ v: "second" }]);
    } finally {
      post.mockRestore();
    }
    expect(events).toEqual([
      "sent first",
      "sent second",
      "first answered",
      "second answered",
    ]);
  });

  it("concurrent read-modify-write transactions lose no update", async () => {
    await client.exec(
      "create table worker_counter(n int); insert into worker_counter values (0)",
    );
    await Promise.all(
      Array.from({ length: 20 }, () =>
        client.transaction(async (t) => {
          const { rows } = await t.query<{ n: number }>(
            "select n from worker_counter",
          );
          await new Promise((resolve) => setImmediate(resolve));
          await t.query("update worker_counter set n = $1", [
            (rows[0]?.n ?? 0) + 1,
          ]);
        }),
      ),
    );
    expect((await client.query("select n from worker_counter")).rows).toEqual([
      { n: 20 },
    ]);
  });

  it("Drizzle works over it: queries, a unique violation through its wrapper, and rollback", async () => {
    const [row] = await database.db
      .insert(users)
      .values({ imId: "worker_u1", nickname: "工人", inviteCode: "WORKER01" })
      .returning();
    expect(row?.createdAt).toBeInstanceOf(Date);
    const again = await database.db
      .insert(users)
      .values({ imId: "worker_u1", nickname: "again", inviteCode: "WORKER02" })
      .catch((e: unknown) => e);
    expect((again as { cause?: { code?: string } }).cause?.code).toBe("23505");
    await expect(
      database.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ nickname: "changed" })
          .where(eq(users.imId, "worker_u1"));
        tx.rollback();
      }),
    ).rejects.toThrow(/Rollback/);
    const [after] = await database.db
      .select({ nickname: users.nickname })
      .from(users)
      .where(eq(users.imId, "worker_u1"));
    expect(after?.nickname).toBe("工人");
    const counted = await database.db.execute(
      sql`select count(*)::int as c from users where im_id = 'worker_u1'`,
    );
    expect((counted as { rows: unknown[] }).rows).toEqual([{ c: 1 }]);
  });

  it("runs the IM group-commit statements (prepared once, duplicates found)", async () => {
    const statements = batchStatements(database.db);
    // NOTE: a resend is a new SEND: it gets a new id, and is stored once under the first one.
    const item = (n: number, attempt = 0) => ({
      id: BigInt(9_000 + 100 * attempt + n),
      channelKey: "worker_a@worker_b",
      channelType: 1,
      fromUid: "worker_a",
      toUid: "worker_b",
      clientMsgNo: `worker-${n}`,
      clientSeq: n,
      setting: 0,
      header: 1,
      contentType: 1,
      expire: 0,
      topic: null,
      timestamp: 1_700_000_000,
      payload: `{"content":"${n}","type":1}`,
      updatesConversations: true,
    });
    const first = await persistBatch(statements, [item(1), item(2)]);
    expect(first.map((s) => [s.messageSeq, s.duplicate])).toEqual([
      [1, false],
      [2, false],
    ]);
    const second = await persistBatch(statements, [item(2, 1), item(3, 1)]);
    expect(second.map((s) => [s.messageId, s.messageSeq, s.duplicate])).toEqual(
      [
        [9_002n, 2, true],
        [9_103n, 3, false],
      ],
    );
  });
});

describe("PGlite worker lifecycle", () => {
  it("close() ends the worker and later queries fail clearly; a reopened database has the data", async () => {
    const { dir, dump } = await migratedDataDir();
    try {
      const dataDir = join(dir, "pglite");
      const first = await createDb({
        driver: "pglite",
        dataDir,
        loadDataDir: dump,
      });
      const client = (first.db as unknown as { $client: PgliteWorkerClient })
        .$client;
      await client.exec(
        "create table kept(v text); insert into kept values ('still here')",
      );
      await first.close();
      await first.close();
      expect(client.closed).toBe(true);
      await expect(client.query("select 1")).rejects.toThrow(/closed/);

      const reopened = await createDb({ driver: "pglite", dataDir });
      try {
        const again = (
          reopened.db as unknown as { $client: PgliteWorkerClient }
        ).$client;
        expect((await again.query("select v from kept")).rows).toEqual([
          { v: "still here" },
        ]);
      } finally {
        await reopened.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a data directory that cannot be opened rejects open() with the reason", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fuyuan-pglite-worker-bad-"));
    try {
      const notADirectory = join(dir, "file");
      await writeFile(notADirectory, "not a database");
      await expect(PgliteWorkerClient.open(notADirectory)).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
