// Token buckets limiting SENDs (SENDACK 22 rateLimit when empty): one per connection, and one per
// account shared by all its connections (SendBudgets). Pure: the caller passes the time, so tests
// drive them without timers.

export class SendRateLimiter {
  readonly #ratePerMs: number;
  readonly #burst: number;
  #tokens: number;
  #at: number;

  constructor(ratePerSecond: number, burst: number, now: number) {
    this.#ratePerMs = ratePerSecond / 1000;
    this.#burst = burst;
    this.#tokens = burst;
    this.#at = now;
  }

  /** Takes one token at time `now` (ms, monotonic); false when the bucket is empty. */
  take(now: number): boolean {
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }

  /** True when the bucket has refilled to its burst: forgetting it then changes nothing. */
  isFull(now: number): boolean {
    this.#refill(now);
    return this.#tokens >= this.#burst;
  }

  #refill(now: number): void {
    if (now <= this.#at) return;
    this.#tokens = Math.min(
      this.#burst,
      this.#tokens + (now - this.#at) * this.#ratePerMs,
    );
    this.#at = now;
  }
}

/** One bucket per key (an account's uid), made on first use and forgotten once full again. */
export class SendBudgets {
  readonly #ratePerSecond: number;
  readonly #burst: number;
  readonly #buckets = new Map<string, SendRateLimiter>();

  constructor(ratePerSecond: number, burst: number) {
    this.#ratePerSecond = ratePerSecond;
    this.#burst = burst;
  }

  /** Takes one token from `key`'s bucket at `now`; false when it is empty. */
  take(key: string, now: number): boolean {
    let bucket = this.#buckets.get(key);
    if (bucket === undefined) {
      bucket = new SendRateLimiter(this.#ratePerSecond, this.#burst, now);
      this.#buckets.set(key, bucket);
    }
    return bucket.take(now);
  }

  /**
   * Forgets full buckets. NOTE: only full ones: dropping a bucket when its account disconnects
   * would hand a fresh burst to every reconnect.
   */
  prune(now: number): void {
    for (const [key, bucket] of this.#buckets)
      if (bucket.isFull(now)) this.#buckets.delete(key);
  }
}
