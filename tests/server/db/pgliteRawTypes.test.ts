// RawTypes on a real PGlite: the installed types come back as the text PostgreSQL sent, every
// other type as PGlite parses it, and a different set (or none) restores what was there.
import { PGlite } from "@electric-sql/pglite";
import { RawTypes } from "../../../server/db/pgliteRawTypes";

const TIMESTAMPTZ = 1184;
const DATE = 1082;

describe("RawTypes", () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(() => pg.close());

  const row = async () =>
    (
      await pg.query<{ at: unknown; day: unknown; n: unknown }>(
        "select '2026-11-28 12:00:00+00'::timestamptz as at, '2026-11-28'::date as day, 5::int as n",
      )
    ).rows[0];

  it("installs a set, switches to another, and restores PGlite's own parsers", async () => {
    const parsed = await row();
    expect(parsed!.at).toBeInstanceOf(Date);
    expect(parsed!.day).toBeInstanceOf(Date);
    const raw = new RawTypes(pg.parsers);

    raw.use([TIMESTAMPTZ, DATE]);
    expect(await row()).toEqual({
      at: "2026-11-28 12:00:00+00",
      day: "2026-11-28",
      n: 5,
    });
    raw.use([DATE, TIMESTAMPTZ]);
    expect((await row())!.day).toBe("2026-11-28");

    raw.use([DATE]);
    const switched = await row();
    expect(switched!.at).toEqual(new Date("2026-11-28T12:00:00Z"));
    expect(switched!.day).toBe("2026-11-28");

    raw.use([]);
    expect(await row()).toEqual(parsed);
  });
});
