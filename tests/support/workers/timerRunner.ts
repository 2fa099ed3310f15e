// Test double of the session service's effect loop: runs a pure machine's startTimer/cancelTimer
// effects on (fake) setTimeout and records every other effect with the fake clock's time.

/** An effect that may be a timer effect. */
type TimerEffect<Name extends string> =
  | {
      readonly type: "startTimer";
      readonly timer: Name;
      readonly delayMs: number;
    }
  | { readonly type: "cancelTimer"; readonly timer: Name };

/** What the runner recorded: non-timer effects with the time they were produced. */
export interface Recorded<Effect> {
  readonly at: number;
  readonly effect: Effect;
}

/**
 * Drives `transition` with events; timers become real `setTimeout`s (use vi.useFakeTimers) that feed
 * `onTimer(name)` back as an event.
 */
export function createTimerRunner<
  State,
  Event,
  Effect extends { readonly type: string },
  Name extends string,
>(options: {
  readonly initial: State;
  readonly transition: (
    state: State,
    event: Event,
  ) => { state: State; effects: readonly Effect[] };
  readonly onTimer: (name: Name) => Event;
}) {
  let state = options.initial;
  const timers = new Map<Name, ReturnType<typeof setTimeout>>();
  const recorded: Recorded<Effect>[] = [];
  const start = Date.now();

  const isTimer = (e: Effect): e is Effect & TimerEffect<Name> =>
    e.type === "startTimer" || e.type === "cancelTimer";

  function send(event: Event): void {
    const result = options.transition(state, event);
    state = result.state;
    for (const effect of result.effects) {
      if (!isTimer(effect)) {
        recorded.push({ at: Date.now() - start, effect });
        continue;
      }
      clearTimeout(timers.get(effect.timer));
      timers.delete(effect.timer);
      if (effect.type === "startTimer") {
        const name = effect.timer;
        timers.set(
          name,
          setTimeout(() => {
            timers.delete(name);
            send(options.onTimer(name));
          }, effect.delayMs),
        );
      }
    }
  }

  return {
    send,
    get state(): State {
      return state;
    },
    recorded,
    /** Names of the timers currently armed. */
    armed: (): Name[] => [...timers.keys()],
  };
}
