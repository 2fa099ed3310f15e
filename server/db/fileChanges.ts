// Whether PostgreSQL changed a file since the embedded database's worker last asked. It wraps the
// calls of PGlite's Emscripten file system that change something (writes and their kin); WAL
// writes, pg_control and new segments all pass through them. A request that changed nothing (a
// read: a session check, an order list) has nothing to make durable, so the worker skips its
// WalSync pass, whose fdatasync cost 224 µs a request under load (most requests only read).
// NOTE: more calls are wrapped than WalSync needs (it acts on writes only); a needless sync costs
// time, a missed one durability. So a file system without one of them is refused: a PGlite whose
// FS moved a call would otherwise never sync again.
const CHANGING_CALLS = [
  "write",
  "msync",
  "truncate",
  "ftruncate",
  "rename",
  "unlink",
] as const;

export interface FileChanges {
  /** True when a file changed since the last call (or since tracking began); resets. */
  take(): boolean;
}

/** Starts tracking the changes made through `fs` (PGlite's `Module.FS`). */
export function trackFileChanges(fs: object): FileChanges {
  const calls = fs as Record<string, unknown>;
  let changed = false;
  for (const name of CHANGING_CALLS) {
    const original = calls[name];
    if (typeof original !== "function")
      throw new Error(`the database's file system has no ${name}() to track`);
    calls[name] = function (this: unknown, ...args: unknown[]): unknown {
      changed = true;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  return {
    take() {
      const was = changed;
      changed = false;
      return was;
    },
  };
}
