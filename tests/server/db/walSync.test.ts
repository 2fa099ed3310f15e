// WalSync: which WAL segment is being written (by the address in its first page, not by name or
// time), what gets fdatasync'ed after each request, the whole data directory after a checkpoint,
// and a refusing disk. First against hand-made segment files, then against a real PGlite database.
import * as fs from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import {
  type SyncFs,
  WalSync,
  nextSegmentName,
  segmentStart,
} from "../../../server/db/walSync";

const MB16 = 16 * 1024 * 1024;

/** node:fs that records which paths were fsync'ed / fdatasync'ed. */
function spyFs(failDatasync = false) {
  const paths = new Map<number, string>();
  const datasynced: string[] = [];
  const fsynced: string[] = [];
  const spy: SyncFs = {
    ...fs,
    openSync: ((path: string, flags: string) => {
      const fd = fs.openSync(path, flags);
      paths.set(fd, path);
      return fd;
    }) as typeof fs.openSync,
    fdatasyncSync: (fd: number) => {
      if (failDatasync) throw Object.assign(new Error("EIO"), { code: "EIO" });
      datasynced.push(paths.get(fd) ?? "?");
      fs.fdatasyncSync(fd);
    },
    fsyncSync: (fd: number) => {
      fsynced.push(paths.get(fd) ?? "?");
      fs.fsyncSync(fd);
    },
  };
  return { spy, datasynced, fsynced };
}

/** A data directory with pg_wal segments: `own` segments carry their own address, others an old one. */
function makeDataDir(
  dir: string,
  segments: Record<string, "own" | "old" | "zero">,
) {
  fs.mkdirSync(join(dir, "pg_wal", "archive_status"), { recursive: true });
  fs.mkdirSync(join(dir, "global"), { recursive: true });
  fs.mkdirSync(join(dir, "base", "5"), { recursive: true });
  fs.writeFileSync(join(dir, "base", "5", "1259"), "relation");
  fs.writeFileSync(join(dir, "global", "pg_control"), Buffer.alloc(64, 1));
  for (const [name, kind] of Object.entries(segments))
    writeSegment(dir, name, kind);
}

function writeSegment(dir: string, name: string, kind: "own" | "old" | "zero") {
  const header = Buffer.alloc(24);
  if (kind !== "zero") {
    header.writeUInt16LE(0xd118, 0);
    header.writeBigUInt64LE(
      kind === "own" ? segmentStart(name, MB16) : 0x100_0000n,
      8,
    );
  }
  fs.writeFileSync(join(dir, "pg_wal", name), header);
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "fuyuan-walsync-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("WAL segment names", () => {
  it("maps names to start addresses and steps to the next segment across a log boundary", () => {
    expect(segmentStart("000000010000000000000001", MB16)).toBe(0x100_0000n);
    expect(segmentStart("0000000100000002000000FF", MB16)).toBe(0x2_ff00_0000n);
    expect(nextSegmentName("000000010000000000000001", MB16)).toBe(
      "000000010000000000000002",
    );
    expect(nextSegmentName("0000000100000002000000FF", MB16)).toBe(
      "000000010000000300000000",
    );
    expect(nextSegmentName("000000010000000000000003", 1024 * MB16)).toBe(
      "000000010000000100000000",
    );
  });
});

describe("WalSync", () => {
  it("syncs the segment being written: the highest one holding its own address, not a recycled or blank file", () => {
    makeDataDir(dir, {
      "000000010000000000000003": "own",
      "000000010000000000000004": "old",
      "000000010000000000000005": "zero",
    });
    const { spy, datasynced, fsynced } = spyFs();
    const sync = new WalSync(dir, MB16, spy);
    sync.sync();
    expect(sync.currentSegment).toBe("000000010000000000000003");
    expect(datasynced).toEqual([
      join(dir, "pg_wal", "000000010000000000000003"),
    ]);
    sync.sync();
    expect(datasynced).toHaveLength(2);
    expect(fsynced).toEqual([]);
    sync.close();
  });

  it("follows PostgreSQL to the next segment: the old one to its end, the new one and pg_wal", () => {
    makeDataDir(dir, {
      "000000010000000000000003": "own",
      "000000010000000000000004": "old",
    });
    const { spy, datasynced, fsynced } = spyFs();
    const sync = new WalSync(dir, MB16, spy);
    sync.sync();
    writeSegment(dir, "000000010000000000000004", "own");
    writeSegment(dir, "000000010000000000000005", "own");
    datasynced.length = 0;
    sync.sync();
    expect(sync.currentSegment).toBe("000000010000000000000005");
    expect(datasynced).toEqual(
      ["03", "04", "05"].map((s) =>
        join(dir, "pg_wal", `0000000100000000000000${s}`),
      ),
    );
    expect(fsynced).toEqual([join(dir, "pg_wal"), join(dir, "pg_wal")]);
    sync.close();
  });

  it("after a checkpoint (pg_control changed) fsyncs every file and directory of the data directory", () => {
    makeDataDir(dir, { "000000010000000000000001": "own" });
    const { spy, fsynced } = spyFs();
    const sync = new WalSync(dir, MB16, spy);
    expect(sync.sync()).toBe(false);
    expect(sync.sync()).toBe(false);
    expect(fsynced).toEqual([]);
    fs.writeFileSync(join(dir, "global", "pg_control"), Buffer.alloc(64, 2));
    expect(sync.sync()).toBe(true);
    expect(fsynced).toEqual(
      expect.arrayContaining([
        join(dir, "base", "5", "1259"),
        join(dir, "base", "5"),
        join(dir, "base"),
        join(dir, "global", "pg_control"),
        join(dir, "pg_wal", "000000010000000000000001"),
        join(dir, "pg_wal", "archive_status"),
        dir,
      ]),
    );
    expect(fsynced.indexOf(join(dir, "base", "5", "1259"))).toBeLessThan(
      fsynced.indexOf(join(dir, "base", "5")),
    );
    sync.close();
  });

  it("a disk that refuses the sync makes sync() throw", () => {
    makeDataDir(dir, { "000000010000000000000001": "own" });
    const sync = new WalSync(dir, MB16, spyFs(true).spy);
    expect(() => {
      sync.sync();
    }).toThrow("EIO");
    sync.close();
  });

  it("on a real PGlite database: finds the segment PostgreSQL writes, also after WAL switches and a checkpoint", async () => {
    const dataDir = join(dir, "pglite");
    const pg = await PGlite.create({ dataDir });
    try {
      const { spy, datasynced, fsynced } = spyFs();
      const sync = new WalSync(dataDir, MB16, spy);
      const walFile = async () =>
        (
          await pg.query<{ f: string }>(
            "select pg_walfile_name(pg_current_wal_insert_lsn()) as f",
          )
        ).rows[0]?.f;
      await pg.exec("create table t (n int); insert into t values (1)");
      sync.sync();
      expect(sync.currentSegment).toBe(await walFile());
      for (let i = 0; i < 3; i++) {
        await pg.exec(`insert into t values (${i}); select pg_switch_wal();`);
        await pg.exec(`insert into t values (${i})`);
      }
      sync.sync();
      const current = await walFile();
      expect(sync.currentSegment).toBe(current);
      expect(datasynced.at(-1)).toBe(join(dataDir, "pg_wal", current ?? ""));
      expect(fsynced).toContain(join(dataDir, "pg_wal"));
      fsynced.length = 0;
      await pg.exec("checkpoint");
      sync.sync();
      expect(fsynced).toContain(join(dataDir, "global", "pg_control"));
      sync.close();
    } finally {
      await pg.close();
    }
  });
});
