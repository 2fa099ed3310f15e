// preparedPglite: the in-process PGlite Drizzle uses. Its data statements run prepared, inside a
// transaction too; a query from outside waits for an open transaction (as PGlite's own query()
// does, so it never sees that transaction's rows); everything else is PGlite's own.
import { PGlite } from "@electric-sql/pglite";
import { preparedPglite } from "../../../server/db/preparedPglite";

describe("preparedPglite", () => {
  let raw: PGlite;
  let pg: PGlite;
  beforeAll(async () => {
    raw = await PGlite.create();
    pg = preparedPglite(raw);
    await pg.exec("create table t (id serial primary key, v text)");
  });
  afterAll(() => raw.close());

  const prepared = async () =>
    (
      await raw.query<{ n: number }>(
        "select count(*)::int as n from pg_prepared_statements where name like 'pglite_%'",
      )
    ).rows[0]!.n;

  it("runs data statements prepared, in and out of transactions; the rest as PGlite does", async () => {
    expect(pg).toBeInstanceOf(PGlite);
    const before = await prepared();
    await pg.query("insert into t (v) values ($1)", ["a"]);
    await pg.transaction(async (tx) => {
      await tx.query("insert into t (v) values ($1)", ["b"]);
      await tx.query("create table inside (id int)");
    });
    await expect(
      pg.transaction(async (tx) => {
        await tx.query("insert into t (v) values ($1)", ["rolled back"]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await prepared()).toBe(before + 1);
    expect((await pg.query("select v from t order by id")).rows).toEqual([
      { v: "a" },
      { v: "b" },
    ]);
    expect(await prepared()).toBe(before + 2);
    expect((await pg.exec("select 1 as one"))[0]!.rows).toEqual([{ one: 1 }]);
  });

  it("a query from outside waits for an open transaction to end", async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inside!: () => void;
    const opened = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = pg.transaction(async (tx) => {
      await tx.query("insert into t (v) values ($1)", ["pending"]);
      inside();
      await held;
      events.push("commit");
    });
    await opened;
    const outside = pg
      .query<{ n: number }>("select count(*)::int as n from t where v = $1", [
        "pending",
      ])
      .then((result) => {
        events.push("outside answered");
        return result.rows[0]!.n;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    release();
    await transaction;
    expect(await outside).toBe(1);
    expect(events).toEqual(["commit", "outside answered"]);
  });
});
