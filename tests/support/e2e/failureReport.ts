// Browser-test helper: puts a note about a failed test where the team sees it. CI's log is the only
// output it keeps, so the note is printed and also added to the test's error (the failure summary
// at the very end of a long CI log is often all of it that is kept). Test support.
import type { TestContext } from "vitest";

/** Prints `note` and appends it to the first error of the failed test `task`. */
export function reportFailure(task: TestContext["task"], note: string): void {
  console.error(note);
  const error = task.result?.errors?.[0];
  if (error !== undefined) error.message = `${error.message}\n${note}`;
}
