// Development outbox: the bounded, newest-first, in-memory list of login codes the emulated SMS and
// e-mail senders "delivered", so a developer can read them. Never used in production wiring.
import { randomUUID } from "node:crypto";
import type { LoginCodeLocale } from "../loginCodeMessages";
import { systemClock } from "../lib/runtime";
import type { Clock } from "../lib/runtime";

export type OutboxChannel = "sms" | "email";

export interface OutboxEntry {
  id: string;
  channel: OutboxChannel;
  /** "+86 13800138000" for SMS, the address for e-mail. */
  to: string;
  code: string;
  /** The full text the user would have received. */
  text: string;
  locale: LoginCodeLocale;
  /** Epoch milliseconds. */
  at: number;
}

export interface DevOutboxOptions {
  /** How many entries are kept; the oldest are dropped first. Default 100. */
  capacity?: number;
  clock?: Clock;
}

export const DEFAULT_OUTBOX_CAPACITY = 100;

export class DevOutbox {
  readonly capacity: number;
  readonly #clock: Clock;
  /** Newest first. */
  #entries: OutboxEntry[] = [];

  constructor(options: DevOutboxOptions = {}) {
    const capacity = options.capacity ?? DEFAULT_OUTBOX_CAPACITY;
    if (!Number.isInteger(capacity) || capacity < 1) {
      throw new RangeError(
        `DevOutbox capacity must be a positive integer, got ${capacity}`,
      );
    }
    this.capacity = capacity;
    this.#clock = options.clock ?? systemClock;
  }

  add(entry: Omit<OutboxEntry, "id" | "at">): OutboxEntry {
    const stored: OutboxEntry = {
      ...entry,
      id: randomUUID(),
      at: this.#clock(),
    };
    this.#entries.unshift(stored);
    if (this.#entries.length > this.capacity)
      this.#entries.length = this.capacity;
    return stored;
  }

  /** Newest first, optionally filtered by channel and recipient. Returns copies. */
  list(
    filter: { channel?: OutboxChannel; to?: string; limit?: number } = {},
  ): OutboxEntry[] {
    const matching = this.#entries.filter(
      (e) =>
        (filter.channel === undefined || e.channel === filter.channel) &&
        (filter.to === undefined || e.to === filter.to),
    );
    return matching
      .slice(0, filter.limit ?? matching.length)
      .map((e) => ({ ...e }));
  }

  latest(channel: OutboxChannel, to: string): OutboxEntry | undefined {
    return this.list({ channel, to, limit: 1 })[0];
  }

  get size(): number {
    return this.#entries.length;
  }

  clear(): void {
    this.#entries = [];
  }
}
