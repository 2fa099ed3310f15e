// Token bucket limiting one connection's SENDs (SENDACK 22 rateLimit when empty). Pure: the caller
// passes the time, so tests drive it without timers.

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
    if (now > this.#at) {
      this.#tokens = Math.min(
        this.#burst,
        this.#tokens + (now - this.#at) * this.#ratePerMs,
      );
      this.#at = now;
    }
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
    return true;
  }
}
