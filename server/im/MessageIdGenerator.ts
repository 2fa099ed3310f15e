// Server message ids: 64-bit, strictly increasing within a process and across restarts, and below
// 2^53 so the HTTP API's numeric `message_id` stays exact in JavaScript (message_idstr as well).

/** Ids count from this instant (2024-01-01T00:00:00Z); 2^41 ms of room lasts until 2093. */
export const ID_EPOCH_MS = Date.UTC(2024, 0, 1);
/** Ids per millisecond before the generator borrows the next millisecond. */
const PER_MS = 4096n;

/**
 * `id = (ms since ID_EPOCH_MS) * 4096 + counter`. Time only moves the id forward: a clock that
 * steps back, or more than 4096 ids in one millisecond, continue from the last id issued.
 *
 * @example
 * const ids = new MessageIdGenerator(Date.now, await maxStoredId(db));
 * ids.next(); // 1030792151040001n-ish
 */
export class MessageIdGenerator {
  readonly #clock: () => number;
  #last: bigint;

  /** `floor`: the largest id already used (e.g. the largest stored message id). */
  constructor(clock: () => number, floor: bigint = 0n) {
    this.#clock = clock;
    this.#last = floor;
  }

  next(): bigint {
    const ms = BigInt(Math.max(0, Math.floor(this.#clock() - ID_EPOCH_MS)));
    const candidate = ms * PER_MS;
    this.#last = candidate > this.#last ? candidate : this.#last + 1n;
    return this.#last;
  }

  /** Raises the floor (never lowers it). */
  observe(id: bigint): void {
    if (id > this.#last) this.#last = id;
  }
}
