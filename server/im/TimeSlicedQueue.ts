// Work items run in slices of at most a few milliseconds, one slice per event-loop turn: a burst of
// thousands of items (a reconnect storm's WebSocket upgrades) becomes many short turns instead of
// one long one, so timers, I/O and other connections get the loop in between (#20).

/** Where a slice gets its time and how the next one is scheduled (tests pass fakes). */
export interface SliceScheduler {
  /** Monotonic ms. */
  now(): number;
  /** Runs `slice` in a later event-loop turn, after pending I/O. */
  later(slice: () => void): void;
}

const nodeScheduler: SliceScheduler = {
  now: () => performance.now(),
  later: (slice) => {
    setImmediate(slice);
  },
};

/**
 * A FIFO whose items `run` takes in later turns: each turn runs items until the queue is empty or
 * `budgetMs` has passed (at least one item per turn, so it always moves on), then yields.
 *
 * @example const q = new TimeSlicedQueue<Job>((job) => job.do(), 8); q.push(job);
 */
export class TimeSlicedQueue<T> {
  readonly #run: (item: T) => void;
  readonly #budgetMs: number;
  readonly #scheduler: SliceScheduler;
  #items: T[] = [];
  /** Index of the next item in #items (consumed items are dropped in bulk, not shifted). */
  #head = 0;
  #scheduled = false;

  constructor(
    run: (item: T) => void,
    budgetMs: number,
    scheduler: SliceScheduler = nodeScheduler,
  ) {
    this.#run = run;
    this.#budgetMs = budgetMs;
    this.#scheduler = scheduler;
  }

  /** Items waiting for their turn. */
  get size(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
    if (this.#scheduled) return;
    this.#scheduled = true;
    this.#scheduler.later(this.#slice);
  }

  /** Removes and returns every waiting item (shutdown: they will not run). */
  takeAll(): T[] {
    const rest = this.#items.slice(this.#head);
    this.#items = [];
    this.#head = 0;
    return rest;
  }

  readonly #slice = (): void => {
    if (this.size === 0) {
      // NOTE: emptied by takeAll() after this slice was scheduled.
      this.#scheduled = false;
      return;
    }
    const started = this.#scheduler.now();
    try {
      do {
        const item = this.#items[this.#head] as T;
        this.#head += 1;
        this.#run(item);
      } while (
        this.#head < this.#items.length &&
        this.#scheduler.now() - started < this.#budgetMs
      );
    } finally {
      if (this.#head >= this.#items.length) {
        this.#items = [];
        this.#head = 0;
      }
      // NOTE: a throwing item does not strand the ones behind it.
      if (this.size > 0) this.#scheduler.later(this.#slice);
      else this.#scheduled = false;
    }
  };
}
