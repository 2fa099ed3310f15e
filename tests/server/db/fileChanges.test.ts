// trackFileChanges on a real on-disk PGlite: reads change no file, a write (and a checkpoint)
// does, and take() reports each change once; a file system missing a tracked call is refused.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { trackFileChanges } from "../../../server/db/fileChanges";

describe("trackFileChanges", () => {
  let dir: string;
  let pg: PGlite;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "fuyuan-file-changes-"));
    pg = await PGlite.create({ dataDir: dir });
    await pg.exec(
      "create table t (id serial primary key, v text); insert into t (v) values ('a'), ('b')",
    );
  });
  afterAll(async () => {
    await pg.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("sees writes and checkpoints, not reads", async () => {
    const changes = trackFileChanges((pg.Module as { FS: object }).FS);
    changes.take();
    for (let i = 0; i < 20; i += 1)
      await pg.query("select * from t where id = $1", [i]);
    expect(changes.take()).toBe(false);

    await pg.query("insert into t (v) values ($1)", ["c"]);
    expect(changes.take()).toBe(true);
    expect(changes.take()).toBe(false);

    await pg.query("update t set v = 'd' where id = 1");
    await pg.query("select count(*) from t");
    expect(changes.take()).toBe(true);

    await pg.exec("checkpoint");
    expect(changes.take()).toBe(true);
    await pg.query("select * from t");
    expect(changes.take()).toBe(false);
  });

  it("refuses a file system without a call it must track", () => {
    expect(() => trackFileChanges({ write: () => 0 })).toThrow(
      "the database's file system has no msync() to track",
    );
  });
});
