// PreparedStatements on a real PGlite: the same answers as PGlite's query() (types, row modes,
// per-query parsers, affected rows), each statement prepared once and the least recently used
// closed past the limit, errors with their code and SQL leaving the session clean, and a statement
// whose result shape changed prepared again (outside a transaction only).
import { PGlite } from "@electric-sql/pglite";
import {
  PreparedStatements,
  runsPrepared,
} from "../../../server/db/pglitePrepared";

const asText = (value: string) => value;

describe("PreparedStatements", () => {
  let pg: PGlite;

  beforeAll(async () => {
    pg = await PGlite.create();
    await pg.exec(`
      create table kinds (id serial primary key, n bigint, ok boolean, at timestamptz, doc jsonb,
        tags text[], price numeric(10, 2), note text);
      insert into kinds (n, ok, at, doc, tags, price, note) values
        (9007199254740993, true, '2026-11-28 12:00:00+00', '{"a": [1, "x"]}', '{a,b}', 12.5, null),
        (2, false, '2026-01-02 03:04:05.678+00', 'null', '{}', 0, 'second');`);
  });
  afterAll(() => pg.close());

  const named = async () =>
    (
      await pg.query<{ name: string }>(
        "select name from pg_prepared_statements where name like 'pglite_%' order by substr(name, 8)::int",
      )
    ).rows.map((r) => r.name);

  it("answers as query() does: types, both row modes, per-query parsers, nulls", async () => {
    const prepared = new PreparedStatements(pg);
    const sql =
      "select * from kinds where id >= $1 and (note = $2 or $2 is null) order by id";
    for (const options of [
      {},
      { rowMode: "array" as const },
      { rowMode: "array" as const, parsers: { 1184: asText } },
    ]) {
      const ours = await prepared.query(sql, [1, null], options);
      const theirs = await pg.query(sql, [1, null], options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
      expect(ours.rows).toHaveLength(2);
    }
    const [first] = (await prepared.query(sql, [1, null])).rows as Record<
      string,
      unknown
    >[];
    expect(first).toMatchObject({
      n: 9007199254740993n,
      ok: true,
      doc: { a: [1, "x"] },
      tags: ["a", "b"],
      note: null,
    });
    expect(first!.at).toEqual(new Date("2026-11-28T12:00:00Z"));
    const raw = await prepared.query(
      "select at from kinds where id = $1",
      [2],
      {
        parsers: { 1184: asText },
      },
    );
    expect(raw.rows).toEqual([{ at: "2026-01-02 03:04:05.678+00" }]);
  });

  it("reads long answers, any text and a statement's counts as query() does", async () => {
    const prepared = new PreparedStatements(pg);
    // Several hundred kilobytes: more than one chunk of the database's output.
    const sql =
      "select g as n, repeat($1, g % 50) as text, null::text as nothing from generate_series(1, $2::int) g";
    const params = ['福缘 ☸️ "quoted" é', 4000];
    const ours = await prepared.query(sql, params);
    const theirs = await pg.query(sql, params);
    expect(ours.rows).toHaveLength(4000);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours).toMatchObject({
      command: "SELECT",
      rowCount: 4000,
      affectedRows: 0,
    });
    const empty = await prepared.query(
      "select id from kinds where id < $1",
      [0],
    );
    expect(empty).toMatchObject({ rows: [], command: "SELECT", rowCount: 0 });
    expect(empty.fields).toEqual([{ name: "id", dataTypeID: 23 }]);
  });

  it("an error while a statement runs carries its code and SQL, and the next one runs", async () => {
    const prepared = new PreparedStatements(pg);
    const sql = "select id / $1::int as q from kinds order by id";
    await expect(prepared.query(sql, [0])).rejects.toMatchObject({
      code: "22012",
      query: sql,
      params: [0],
    });
    expect((await prepared.query(sql, [1])).rows).toEqual([{ q: 1 }, { q: 2 }]);
  });

  it("reports affected rows and returning rows of writes, as query() does", async () => {
    const prepared = new PreparedStatements(pg);
    const inserted = await prepared.query(
      "insert into kinds (n, note, tags, doc) values ($1, $2, $3, $4) returning id, tags, doc",
      [7n, "third", ["x", "y z"], { k: "v" }],
    );
    expect(inserted.affectedRows).toBe(1);
    expect(inserted.rows).toEqual([
      { id: 3, tags: ["x", "y z"], doc: { k: "v" } },
    ]);
    const updated = await prepared.query(
      "update kinds set note = $1 where id > $2",
      ["later", 1],
    );
    expect(updated.affectedRows).toBe(2);
    const deleted = await prepared.query(
      "delete from kinds where id = $1",
      [3],
    );
    expect(deleted.affectedRows).toBe(1);
    expect((await pg.query("select note from kinds order by id")).rows).toEqual(
      [{ note: null }, { note: "later" }],
    );
  });

  it("prepares each statement once and closes the least recently used past its limit", async () => {
    const before = await named();
    const prepared = new PreparedStatements(pg, 2);
    const a = "select 1 as a where $1::int > 0";
    const b = "select 2 as b where $1::int > 0";
    const c = "select 3 as c where $1::int > 0";
    for (let i = 0; i < 5; i += 1) await prepared.query(a, [1]);
    expect(prepared.size).toBe(1);
    const mine = async () => (await named()).filter((n) => !before.includes(n));
    expect(await mine()).toHaveLength(1);
    await prepared.query(b, [1]);
    await prepared.query(a, [1]);
    const [nameOfA, nameOfB] = await mine();
    expect([nameOfA, nameOfB]).toHaveLength(2);
    await prepared.query(c, [1]);
    expect(prepared.size).toBe(2);
    const now = await mine();
    expect(now).toHaveLength(2);
    expect(now).toContain(nameOfA);
    expect(now).not.toContain(nameOfB);
    expect((await prepared.query(b, [1])).rows).toEqual([{ b: 2 }]);
  });

  it("a database error carries its code and SQL; a statement that fails to prepare is not kept", async () => {
    const prepared = new PreparedStatements(pg);
    await expect(
      prepared.query("select * from kinds where id = $1", ["not a number"]),
    ).rejects.toMatchObject({
      code: "22P02",
      query: "select * from kinds where id = $1",
    });
    await expect(
      prepared.query("select nothing from nowhere where x = $1", [1]),
    ).rejects.toMatchObject({ code: "42P01" });
    expect(prepared.size).toBe(1);
    expect(
      (await prepared.query("select id from kinds where id = $1", [1])).rows,
    ).toEqual([{ id: 1 }]);
  });

  it("prepares again when a table's columns change under a statement, but not inside a transaction", async () => {
    await pg.exec("create table shape (id int); insert into shape values (1)");
    const prepared = new PreparedStatements(pg);
    const sql = "select * from shape where id = $1";
    expect((await prepared.query(sql, [1])).rows).toEqual([{ id: 1 }]);
    await pg.exec("alter table shape add column extra text default 'e'");
    expect((await prepared.query(sql, [1])).rows).toEqual([
      { id: 1, extra: "e" },
    ]);
    await pg.exec("alter table shape drop column extra");
    await pg.exec("begin");
    await expect(prepared.query(sql, [1])).rejects.toMatchObject({
      code: "0A000",
    });
    await pg.exec("rollback");
    expect((await prepared.query(sql, [1])).rows).toEqual([{ id: 1 }]);
  });

  it("runs data statements only, and refuses to run on a closed database", async () => {
    expect(
      [
        "select 1",
        " with x as (select 1) select * from x",
        "INSERT into t",
        "update t",
        "delete from t",
      ].map(runsPrepared),
    ).toEqual([true, true, true, true, true]);
    expect(
      [
        "begin",
        "create table t (id int)",
        "set x = 1",
        "execute s(1)",
        "selector",
      ].map(runsPrepared),
    ).toEqual([false, false, false, false, false]);
    const closing = await PGlite.create();
    const prepared = new PreparedStatements(closing);
    await closing.close();
    await expect(prepared.query("select 1", [])).rejects.toThrow(
      "PGlite is closed",
    );
  });
});
