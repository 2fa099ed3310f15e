// Browser-test helper for long multi-step tests: records each step with the time it started, and when
// the test fails (a timeout included, which names no step) prints the steps, the one it was in and
// whatever the test adds (page and server state), so a failure seen once in CI says where it stood.
// Each step is also a group in the test's Playwright traces (failureTraces.ts). Test support.
import type { OnTestFailedHandler } from "vitest";
import { within } from "../within";
import { reportFailure } from "./failureReport";
import { traceStep } from "./failureTraces";

/** How long a failure report may spend collecting each extra detail (a hung page must not hang it). */
const DETAIL_TIMEOUT_MS = 5000;

export interface StepTrace {
  /** Starts step `name` (the previous one ends). */
  step: (name: string) => void;
  /** Adds a detail the failure report collects then (e.g. a page's service worker states). */
  detail: (label: string, read: () => unknown) => void;
  /** Records something that happened (a navigation, a page error), printed among the steps. */
  event: (text: string) => void;
}

async function bounded(read: () => unknown): Promise<string> {
  try {
    const value = await within(
      "reading it",
      DETAIL_TIMEOUT_MS,
      Promise.resolve().then(read),
    );
    return typeof value === "string" ? value : JSON.stringify(value);
  } catch (error) {
    return `(unreadable: ${error instanceof Error ? error.message : String(error)})`;
  }
}

/** A trace for the running test; `onTestFailed` is the test context's. */
export function traceSteps(
  onTestFailed: (handler: OnTestFailedHandler) => void,
): StepTrace {
  const start = Date.now();
  const steps: { name: string; at: number }[] = [];
  const events: { text: string; at: number }[] = [];
  const since = (at: number) => `+${((at - start) / 1000).toFixed(1)} s`;
  const details: { label: string; read: () => unknown }[] = [];
  onTestFailed(async ({ task }) => {
    const now = Date.now();
    const lines = steps.flatMap(({ name, at }, i) => {
      const end = steps[i + 1]?.at ?? now;
      const open = i === steps.length - 1 ? "  ← still here" : "";
      const during = events
        .filter((e) => e.at >= at && (e.at < end || i === steps.length - 1))
        .map((e) => `      ${since(e.at)}  ${e.text}`);
      return [
        `  ${since(at)}  ${name} (${((end - at) / 1000).toFixed(1)} s)${open}`,
        ...during,
      ];
    });
    for (const { label, read } of details)
      lines.push(`  ${label}: ${await bounded(read)}`);
    reportFailure(task, `Steps of the failed test:\n${lines.join("\n")}`);
  });
  return {
    step: (name) => {
      steps.push({ name, at: Date.now() });
      traceStep(name);
    },
    detail: (label, read) => {
      details.push({ label, read });
    },
    event: (text) => {
      events.push({ text, at: Date.now() });
    },
  };
}
