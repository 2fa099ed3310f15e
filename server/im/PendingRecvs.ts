// The persisted RECVs one connection has not acknowledged yet, and when each is due to be sent
// again (§12, §16.7). Pure bookkeeping: the caller passes the time and does the sending.

interface Pending {
  /** The RECV exactly as it went out (encrypted for this connection). */
  bytes: Uint8Array;
  lastSentAt: number;
  resends: number;
}

/**
 * When an un-acked RECV goes out again: `delaysMs[resends]` after its previous send, or null when
 * the schedule is spent (the device then catches up through sync).
 *
 * @example nextRecvRetryAt(1_000, 0, [15_000, 30_000]) // 16_000
 */
export function nextRecvRetryAt(
  lastSentAt: number,
  resends: number,
  delaysMs: readonly number[],
): number | null {
  const delay = delaysMs[resends];
  return delay === undefined ? null : lastSentAt + delay;
}

/** Un-acked RECVs by messageID, oldest first (Map insertion order). */
export class PendingRecvs {
  readonly #delaysMs: readonly number[];
  readonly #max: number;
  readonly #byId = new Map<bigint, Pending>();

  constructor(delaysMs: readonly number[], max: number) {
    this.#delaysMs = delaysMs;
    this.#max = max;
  }

  get size(): number {
    return this.#byId.size;
  }

  /** Tracks a RECV just sent; beyond the cap the oldest one is forgotten (left to sync). */
  add(messageId: bigint, bytes: Uint8Array, now: number): void {
    if (this.#delaysMs.length === 0 || this.#max <= 0) return;
    this.#byId.delete(messageId);
    this.#byId.set(messageId, { bytes, lastSentAt: now, resends: 0 });
    if (this.#byId.size > this.#max) {
      const oldest = this.#byId.keys().next();
      if (oldest.done !== true) this.#byId.delete(oldest.value);
    }
  }

  /** RECVACK: true when the id was pending. */
  ack(messageId: bigint): boolean {
    return this.#byId.delete(messageId);
  }

  /**
   * The RECVs due at `now`, marked as re-sent now; entries whose schedule is spent are dropped
   * without being returned.
   */
  takeDue(now: number): Uint8Array[] {
    const due: Uint8Array[] = [];
    for (const [id, entry] of this.#byId) {
      const at = nextRecvRetryAt(
        entry.lastSentAt,
        entry.resends,
        this.#delaysMs,
      );
      if (at === null) this.#byId.delete(id);
      else if (at <= now) {
        entry.resends += 1;
        entry.lastSentAt = now;
        due.push(entry.bytes);
      }
    }
    return due;
  }
}
