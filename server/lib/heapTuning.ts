// V8 settings for a process that runs the IM gateway, applied first thing by its entry points
// (server/main.ts, and the gateway benchmark's server so that it measures the same process).
// NOTE: allocation-site pretenuring off. Once a burst of sends makes the per-message objects
// survive a scavenge, V8 starts allocating them straight into the old generation; that space then
// fills every 1.3–1.6 s and each mark-compact starves the database thread, which is where most
// of the SENDACK tail came from. Without it the same objects die young. `npm run bench:gateway`,
// 1,000 connections at 5,000 msg/s, 45 s runs alternating with and without: p99 SENDACK 68, 60,
// 221, 66 ms (as a node flag) and 65, 83, 98 ms (set here) against 276, 161, 130, 170, 132, 171,
// 357 ms; p50 lower too.
// NOTE: the old generation may grow to twice what survived the last mark-compact before the next
// one. V8's own choice at 10,000 connections was about 1.2× (a 16 MB margin over ~90 MB live), so
// the few MB/s of messages that outlive two scavenges set off a mark-compact every ~3.3 s; its
// marking threads took the CPU from the event loop and the database thread, and those seconds had
// a p99 SENDACK of 75–130 ms against ~20 ms in the others. `npm run bench:gateway`, 10,000
// connections, 5,000 msg/s for 30 s: p99 SENDACK 93 ms with 9–11 mark-compacts in the window;
// 54 ms with this flag in the server only (the load generator's own 2 mark-compacts still stalled
// it up to 80 ms, and a reply read late counts as latency); with it in both, 23–24 ms in quiet
// moments and 29–51 ms in noisier ones. A mark-compact still comes every 30–60 s, and the one or
// two seconds around it reach 60–145 ms. It costs heap while busy, not at rest: RSS per idle
// connection after a full GC stays 4–10 KB.
import { setFlagsFromString } from "node:v8";

/** The V8 flags of a gateway process (and of the benchmark's load generator). */
const HEAP_FLAGS = [
  "--no-allocation-site-pretenuring",
  "--heap-growing-percent=100",
] as const;

export function tuneHeap(): void {
  for (const flag of HEAP_FLAGS) setFlagsFromString(flag);
}
