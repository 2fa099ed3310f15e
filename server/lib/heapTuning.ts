// V8 settings for a process that runs the IM gateway, applied first thing by its entry points
// (server/main.ts, and the gateway benchmark's server so that it measures the same process).
// NOTE: allocation-site pretenuring off. Once a burst of sends makes the per-message objects
// survive a scavenge, V8 starts allocating them straight into the old generation; that space then
// fills every 1.3–1.6 s and each mark-compact starves the database thread, which is where most
// of the SENDACK tail came from. Without it the same objects die young. `npm run bench:gateway`,
// 1,000 connections at 5,000 msg/s, 45 s runs alternating with and without: p99 SENDACK 68, 60,
// 221, 66 ms (as a node flag) and 65, 83, 98 ms (set here) against 276, 161, 130, 170, 132, 171,
// 357 ms; p50 lower too.
import { setFlagsFromString } from "node:v8";

export function tuneHeap(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
