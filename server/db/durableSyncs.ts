// How long the embedded database took to make each request's writes durable, published on a
// diagnostics channel (node:diagnostics_channel) for whoever listens: the gateway benchmark's
// BENCH_DIAG, which found the disk's share of the SENDACK tail with it (#20). Nothing is measured
// or sent while nobody subscribes.
import { channel } from "node:diagnostics_channel";

/** One request's sync (walSync.ts), measured in the database thread. */
export interface DurableSync {
  /** The sync's time (ms): WAL fdatasyncs, and the whole data directory after a checkpoint. */
  ms: number;
  /** True when PostgreSQL had checkpointed, so every file of the data directory was fsync'ed. */
  checkpoint: boolean;
}

/** Publishes a {@link DurableSync} per request that wrote (PgliteWorkerClient). */
export const durableSyncs = channel("fuyuan.db.durableSync");
