// Durability for the embedded database. PGlite writes through Emscripten's NODEFS, which has no
// fsync, and runs with fsync=off: a committed transaction sits in the OS page cache until the kernel
// writes it back, so it survives the process being killed but not a power loss. The database
// thread calls sync() after every request, before it answers (and so before any SENDACK):
// - the WAL segment being written is fdatasync'ed; when PostgreSQL has moved on to the next
//   segment (its first page carries that segment's own address, which a recycled file does not),
//   the old one is synced to its end, the new one too, and pg_wal itself (the new file's entry);
// - when pg_control changed (a checkpoint: at shutdown, or past max_wal_size), every file of the
//   data directory is fsync'ed, because after a checkpoint PostgreSQL no longer keeps the WAL that
//   could redo the pages it wrote.
import * as nodeFs from "node:fs";
import { join } from "node:path";

/** The part of node:fs this needs (tests pass a spy). */
export type SyncFs = Pick<
  typeof nodeFs,
  | "openSync"
  | "closeSync"
  | "readSync"
  | "readdirSync"
  | "statSync"
  | "fsyncSync"
  | "fdatasyncSync"
>;

const SEGMENT_NAME = /^[0-9A-F]{24}$/;
/** Bytes of pg_control compared between calls (identity, state, time, checkpoint location). */
const CONTROL_PREFIX = 64;

/** The start LSN of segment `name` (TTTTTTTT LLLLLLLL SSSSSSSS) for segments of `segmentBytes`. */
export function segmentStart(name: string, segmentBytes: number): bigint {
  const log = BigInt(`0x${name.slice(8, 16)}`);
  const seg = BigInt(`0x${name.slice(16, 24)}`);
  return log * 0x1_0000_0000n + seg * BigInt(segmentBytes);
}

/** The name of the segment after `name` on the same timeline. */
export function nextSegmentName(name: string, segmentBytes: number): string {
  const perLog = 0x1_0000_0000n / BigInt(segmentBytes);
  let log = BigInt(`0x${name.slice(8, 16)}`);
  let seg = BigInt(`0x${name.slice(16, 24)}`) + 1n;
  if (seg >= perLog) {
    seg = 0n;
    log += 1n;
  }
  const hex = (n: bigint) => n.toString(16).toUpperCase().padStart(8, "0");
  return `${name.slice(0, 8)}${hex(log)}${hex(seg)}`;
}

interface Segment {
  name: string;
  fd: number;
}

export class WalSync {
  readonly #dataDir: string;
  readonly #walDir: string;
  readonly #segmentBytes: number;
  readonly #fs: SyncFs;
  #current: Segment | null = null;
  /** pg_control stays open: PostgreSQL rewrites it in place. */
  #controlFd: number | null = null;
  #control: Buffer | null = null;
  /** Scratch for a segment's first 16 bytes. */
  readonly #header = Buffer.alloc(16);

  constructor(dataDir: string, segmentBytes: number, fs: SyncFs = nodeFs) {
    this.#dataDir = dataDir;
    this.#walDir = join(dataDir, "pg_wal");
    this.#segmentBytes = segmentBytes;
    this.#fs = fs;
  }

  /** The segment being written (null before the first sync or in an empty pg_wal). */
  get currentSegment(): string | null {
    return this.#current?.name ?? null;
  }

  /**
   * Makes everything written so far durable (throws when the disk refuses). True when that took
   * the whole data directory (PostgreSQL had checkpointed since the previous call).
   */
  sync(): boolean {
    this.#current ??= this.#findCurrent();
    let current = this.#current;
    if (current === null) return false;
    for (;;) {
      const next = nextSegmentName(current.name, this.#segmentBytes);
      if (!this.#holdsItsOwnPages(next)) break;
      this.#fs.fdatasyncSync(current.fd);
      this.#fs.closeSync(current.fd);
      current = { name: next, fd: this.#open(next) };
      this.#current = current;
      this.#syncDir(this.#walDir);
    }
    this.#fs.fdatasyncSync(current.fd);
    return this.#syncAfterCheckpoint();
  }

  /** Closes the open segment (after a final sync). */
  close(): void {
    if (this.#current !== null) this.#fs.closeSync(this.#current.fd);
    if (this.#controlFd !== null) this.#fs.closeSync(this.#controlFd);
    this.#current = null;
    this.#controlFd = null;
  }

  /** The segment with the highest valid own address: where PostgreSQL is writing. */
  #findCurrent(): Segment | null {
    let best: { name: string; start: bigint } | null = null;
    for (const name of this.#fs.readdirSync(this.#walDir)) {
      if (!SEGMENT_NAME.test(name) || !this.#holdsItsOwnPages(name)) continue;
      const start = segmentStart(name, this.#segmentBytes);
      if (best === null || start > best.start) best = { name, start };
    }
    return best === null
      ? null
      : { name: best.name, fd: this.#open(best.name) };
  }

  /** True when segment `name` exists and its first page header carries its own start address. */
  #holdsItsOwnPages(name: string): boolean {
    const path = join(this.#walDir, name);
    // NOTE: the next segment usually does not exist yet; asking without an exception keeps this
    // (run after every request) cheap.
    if (this.#fs.statSync(path, { throwIfNoEntry: false }) === undefined)
      return false;
    let fd: number;
    try {
      fd = this.#fs.openSync(path, "r");
    } catch (error) {
      if ((error as { code?: unknown }).code === "ENOENT") return false;
      throw error;
    }
    try {
      const header = this.#header;
      if (this.#fs.readSync(fd, header, 0, 16, 0) < 16) return false;
      // NOTE: xlp_magic (2 bytes, 0 in a never-written page), xlp_info, xlp_tli, xlp_pageaddr (8).
      return (
        header.readUInt16LE(0) !== 0 &&
        header.readBigUInt64LE(8) === segmentStart(name, this.#segmentBytes)
      );
    } finally {
      this.#fs.closeSync(fd);
    }
  }

  #open(name: string): number {
    return this.#fs.openSync(join(this.#walDir, name), "r");
  }

  #syncAfterCheckpoint(): boolean {
    const control = this.#readControl();
    if (control === null) return false;
    const changed = this.#control !== null && !control.equals(this.#control);
    this.#control = control;
    if (changed) this.#syncTree(this.#dataDir);
    return changed;
  }

  #readControl(): Buffer | null {
    if (this.#controlFd === null) {
      try {
        this.#controlFd = this.#fs.openSync(
          join(this.#dataDir, "global", "pg_control"),
          "r",
        );
      } catch (error) {
        if ((error as { code?: unknown }).code === "ENOENT") return null;
        throw error;
      }
    }
    const bytes = Buffer.alloc(CONTROL_PREFIX);
    const n = this.#fs.readSync(this.#controlFd, bytes, 0, CONTROL_PREFIX, 0);
    return bytes.subarray(0, n);
  }

  /** fsyncs every file and directory under `dir` (children before their directory). */
  #syncTree(dir: string): void {
    for (const entry of this.#fs.readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) this.#syncTree(path);
      else if (entry.isFile()) this.#syncFile(path);
    }
    this.#syncDir(dir);
  }

  #syncFile(path: string): void {
    const fd = this.#fs.openSync(path, "r");
    try {
      this.#fs.fsyncSync(fd);
    } finally {
      this.#fs.closeSync(fd);
    }
  }

  #syncDir(dir: string): void {
    this.#syncFile(dir);
  }
}
