// The messages between PgliteWorkerClient (main thread) and pgliteWorkerHost (the worker thread
// that owns the embedded PGlite database). Plain data only: everything crosses by structured clone.
import type { DurableSync } from "./durableSyncs";

export interface WorkerInit {
  /** null keeps the database in memory. */
  dataDir: string | null;
  /** SQL run once the database is open (its session settings; may be empty). */
  sessionSql: string;
  /** A dumpDataDir() tarball to start from (an empty data directory only). */
  loadDataDir?: Uint8Array;
}

export type WorkerRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: readonly unknown[];
      rowMode: "object" | "array";
      /** Type OIDs whose values stay as the text PostgreSQL sent (Drizzle's date/interval parsers). */
      rawTypes: readonly number[];
    }
  | { id: number; op: "exec"; sql: string }
  | { id: number; op: "close" };

export interface QueryResultData {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** A database error's message and own fields (code, constraint, detail, …). */
export interface ErrorData {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerReply =
  | { id: number; ok: true; result: unknown; durable?: DurableSync }
  | { id: number; ok: false; error: ErrorData };

/** The worker's first message: the database is open (or could not be opened). */
export type WorkerReady = { ready: true } | { ready: false; error: ErrorData };
