// A TimeSlicer whose turns run only when the test says so: a budget of 0, so every job waits.
import { type SlicerRuntime, TimeSlicer } from "../../../server/lib/TimeSlicer";

export function heldSlicer(): { slicer: TimeSlicer; runTurns: () => void } {
  const turns: (() => void)[] = [];
  const runtime: SlicerRuntime = {
    now: () => 0,
    defer: (fn) => turns.push(fn),
  };
  const slicer = new TimeSlicer(
    0,
    (error) => {
      throw error;
    },
    runtime,
  );
  return {
    slicer,
    runTurns: () => {
      for (const fn of turns.splice(0)) fn();
    },
  };
}
