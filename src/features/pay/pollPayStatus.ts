// Polls pay/v1/status every ~2 s until the server says the order is paid or no longer payable (or,
// given maxWaitMs, until that long has passed: then the last, still pending, status is the answer).
// The server is the only judge of payment: this never infers "paid" from anything else.
import { fetchPayStatus, type PayStatus } from "../../api/commerce";

export const PAY_POLL_INTERVAL_MS = 2000;
/** Consecutive failed reads tolerated (a flaky mobile network) before polling gives up. */
export const PAY_POLL_MAX_FAILURES = 5;

export interface PollOptions {
  signal: AbortSignal;
  intervalMs?: number;
  /** Give up waiting after this long and resolve with the pending status. */
  maxWaitMs?: number;
  read?: typeof fetchPayStatus;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** Resolves with the first status that is paid or not pending; rejects when aborted. */
export async function pollPayStatus(
  masterOrderNo: string,
  {
    signal,
    intervalMs = PAY_POLL_INTERVAL_MS,
    maxWaitMs = Infinity,
    read = fetchPayStatus,
  }: PollOptions,
): Promise<PayStatus> {
  const giveUpAt = Date.now() + maxWaitMs;
  let failures = 0;
  for (;;) {
    try {
      const status = await read(masterOrderNo, { signal });
      failures = 0;
      if (status.paid || status.status !== "pending_payment") return status;
      if (Date.now() >= giveUpAt) return status;
    } catch (error) {
      if (signal.aborted) throw error;
      failures += 1;
      if (failures >= PAY_POLL_MAX_FAILURES) throw error;
    }
    await sleep(intervalMs, signal);
  }
}
