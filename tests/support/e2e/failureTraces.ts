// Browser-test helper: Playwright's own trace of every browser context a test uses, kept only when
// the test fails. Each context records screenshots, DOM snapshots, network and console from its
// start, with the test's steps (stepTrace.ts) as groups; every test begins a new chunk, so a trace
// holds one test. When a test fails, its contexts' chunks are written to
// test-results/e2e-traces/<file>--<test>[--n].zip and the paths printed with how to open them; a
// context closed after the failure (in an afterEach) is written as it closes. A passing test's
// chunks are dropped, and so is a context the test closes itself before failing. A file's traces
// of an earlier run are removed when the file starts. Test support.
import { readdir, rm } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext } from "playwright-core";
import { afterEach, beforeEach, type TestContext } from "vitest";
import { within } from "../within";
import { reportFailure } from "./failureReport";

/** Where failed tests' traces go (gitignored with the rest of test-results/). */
export const TRACE_DIR = fileURLToPath(
  new URL("../../../test-results/e2e-traces/", import.meta.url),
);

/**
 * What each context records: everything the trace viewer shows.
 * NOTE: chat, layout and h5Pay took 85/94/21 s untraced and 102/112/21 s traced on 2 shared cores
 * (load 7-9), about a sixth more; at load 19-24 the noise hid it (off 191/217/62 s, screenshots
 * only 163/192/37 s, with DOM snapshots 144/181/55 s). The DOM snapshots stay on all the same: the
 * page as it stood at each call is what a failure seen once in CI needs.
 */
const TRACING = { screenshots: true, snapshots: true, sources: true };

/** How long writing one trace may take (a hung browser must not hang the hook). */
const SAVE_TIMEOUT_MS = 30_000;

type Task = TestContext["task"];

interface RunningTest {
  readonly task: Task;
  /** The step the test is in, opened as a group in contexts created during it. */
  step: string | undefined;
  /** The lines of the failure note: a written trace's path, or why it is missing. */
  readonly saved: string[];
}

/** Set on import in a Vitest worker; off, launching (benches, screenshot scripts) traces nothing. */
let registered = false;
const traced = new Set<BrowserContext>();
let running: RunningTest | undefined;

function slug(text: string): string {
  return text
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
}

function fileSlug(file: Task["file"]): string {
  return slug(basename(file.name).replace(/\.e2e\.test\.ts$/, ""));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function save(context: BrowserContext, test: RunningTest): Promise<void> {
  const n = test.saved.length + 1;
  const name = `${fileSlug(test.task.file)}--${slug(test.task.fullTestName)}`;
  const path = join(TRACE_DIR, `${name}${n === 1 ? "" : `--${String(n)}`}.zip`);
  const shown = relative(process.cwd(), path);
  test.saved.push(shown);
  try {
    await within(
      "writing the trace",
      SAVE_TIMEOUT_MS,
      context.tracing.stopChunk({ path }),
    );
  } catch (error) {
    test.saved[n - 1] = `${shown} (not written: ${message(error)})`;
  }
}

/** Removes the traces `file` left in an earlier run (they would pass for this run's). */
async function clearEarlierTraces(file: Task["file"]): Promise<void> {
  const prefix = `${fileSlug(file)}--`;
  const names = await readdir(TRACE_DIR).catch(() => []);
  for (const name of names)
    if (name.startsWith(prefix)) await rm(join(TRACE_DIR, name));
}

function failed(test: RunningTest | undefined): test is RunningTest {
  return test?.task.result?.state === "fail";
}

/** Records `context` (from now on, or from the test's start for one opened before it). */
export async function traceContext(context: BrowserContext): Promise<void> {
  if (!registered) return;
  await context.tracing.start({
    ...TRACING,
    ...(running !== undefined && { title: running.task.fullTestName }),
  });
  if (running?.step !== undefined) await context.tracing.group(running.step);
  traced.add(context);
  context.on("close", () => traced.delete(context));
  const close = context.close.bind(context);
  context.close = async (...args) => {
    if (traced.delete(context)) {
      if (failed(running)) await save(context, running);
      // NOTE: a chunk closed unstopped leaves an empty playwright-tracing-* folder in the tmpdir.
      else await context.tracing.stopChunk().catch(() => undefined);
    }
    await close(...args);
  };
}

/** Records every context `browser` opens (newContext, and newPage through it). */
export function traceContextsOf(browser: Browser): void {
  if (!registered) return;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    await traceContext(context);
    return context;
  };
  const close = browser.close.bind(browser);
  browser.close = async (...args) => {
    for (const context of browser.contexts()) await context.close();
    await close(...args);
  };
}

/** Starts step `name` in every recorded context's trace (the previous step's group ends). */
export function traceStep(name: string): void {
  if (running === undefined) return;
  running.step = name;
  for (const context of traced) {
    // NOTE: not awaited (a step is marked synchronously); each call is sent as it is made, so the
    // group still opens before the test's next Playwright call.
    context.tracing.groupEnd().catch(() => undefined);
    context.tracing.group(name).catch(() => undefined);
  }
}

// NOTE: registered on import, on the suite of the test file being collected (the way
// @testing-library/react registers its cleanup); Vitest isolates test files, so each browser test
// file that reaches browser.ts gets its own hooks. Outside Vitest nothing is registered.
if (process.env.VITEST !== undefined) {
  registered = true;
  let cleared = false;
  beforeEach(async ({ task }) => {
    if (!cleared) {
      cleared = true;
      await clearEarlierTraces(task.file);
    }
    running = { task, step: undefined, saved: [] };
    for (const context of [...traced]) {
      // NOTE: a trace that could not restart (a save that timed out) must not fail the test.
      await context.tracing
        .stopChunk()
        .then(() => context.tracing.startChunk({ title: task.fullTestName }))
        .catch(() => undefined);
    }
  });
  // NOTE: registered before the file's own hooks, so it runs after its afterEach hooks (Vitest runs
  // them last registered first): contexts those close are already written by then.
  afterEach(async ({ task }) => {
    const test = running;
    running = undefined;
    if (test === undefined || !failed(test)) return;
    for (const context of [...traced]) await save(context, test);
    if (test.saved.length === 0) return;
    reportFailure(
      task,
      [
        "Playwright traces of the failed test (`npx playwright-core show-trace --port 0 <zip>` serves one",
        "to any browser, https://trace.playwright.dev opens one locally, `npx playwright-core trace` reads one in a terminal):",
        ...test.saved.map((line) => `  ${line}`),
      ].join("\n"),
    );
  });
}
