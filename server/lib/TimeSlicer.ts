// Runs synchronous jobs so that together they hold the event loop for about `budgetMs` per turn at
// most: a job runs at once while the current turn's budget lasts; later ones wait in order and run
// in the next turns (setImmediate), a budget's worth each, so that timers, the reads of clients
// already connected and the database's replies get their turn in between.
//
// Written for the IM gateway's reconnect storm (#20): the thousands of WebSocket upgrades one poll
// phase reads at once, and the hundreds of CONNECTs one batched session lookup answers, each ran
// as one stretch of 250–570 ms. A job still runs whole: the budget bounds how many start in a
// turn, so one job's own length is its caller's to keep short.

/** What a slicer needs from its runtime (tests drive both by hand). */
export interface SlicerRuntime {
  /** Monotonic milliseconds. */
  now(): number;
  /** Runs `fn` in a later turn of the event loop. */
  defer(fn: () => void): void;
}

const NODE_RUNTIME: SlicerRuntime = {
  now: () => performance.now(),
  defer: (fn) => {
    setImmediate(fn);
  },
};

export class TimeSlicer {
  readonly #budgetMs: number;
  readonly #runtime: SlicerRuntime;
  readonly #onError: (error: unknown) => void;
  readonly #waiting: (() => void)[] = [];
  /** Index of the next waiting job (the array is compacted when it empties). */
  #head = 0;
  /** Milliseconds spent by jobs since the current turn began. */
  #spentMs = 0;
  #turnScheduled = false;

  /**
   * @param budgetMs time per turn; 0 runs one job per turn, every job in a later turn.
   * @param onError told of a job that threw (jobs handle their own errors; this keeps the queue
   *   going if one does not).
   */
  constructor(
    budgetMs: number,
    onError: (error: unknown) => void,
    runtime: SlicerRuntime = NODE_RUNTIME,
  ) {
    this.#budgetMs = budgetMs;
    this.#onError = onError;
    this.#runtime = runtime;
  }

  /** Jobs submitted and not yet run. */
  get waiting(): number {
    return this.#waiting.length - this.#head;
  }

  /** Runs `job` now if this turn has time left and nothing is waiting, otherwise in its turn. */
  submit(job: () => void): void {
    if (this.waiting === 0 && this.#spentMs < this.#budgetMs) this.#run(job);
    else this.#waiting.push(job);
    this.#scheduleTurn();
  }

  #run(job: () => void): void {
    const started = this.#runtime.now();
    try {
      job();
    } catch (error) {
      this.#onError(error);
    }
    this.#spentMs += this.#runtime.now() - started;
  }

  #scheduleTurn(): void {
    if (this.#turnScheduled) return;
    this.#turnScheduled = true;
    this.#runtime.defer(() => {
      this.#turn();
    });
  }

  /** A new turn: the budget starts again; at least one waiting job runs, more while time lasts. */
  #turn(): void {
    this.#turnScheduled = false;
    this.#spentMs = 0;
    do {
      const job = this.#waiting[this.#head];
      if (job === undefined) break;
      this.#waiting[this.#head++] = NOOP;
      this.#run(job);
    } while (this.#spentMs < this.#budgetMs);
    if (this.waiting === 0) {
      this.#waiting.length = 0;
      this.#head = 0;
    } else {
      if (this.#head >= COMPACT_AT) {
        this.#waiting.splice(0, this.#head);
        this.#head = 0;
      }
      this.#scheduleTurn();
    }
  }
}

function NOOP(): void {}

/** Jobs already run that a queue which never empties drops from its front at once. */
const COMPACT_AT = 1024;
