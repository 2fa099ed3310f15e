// What a SENDACK reason code means for the message (protocol §11): done, refused for good, or worth
// another try. The outbox scheduler applies it; the numbers are the Go server's iota order.

/** SENDACK reason 1: stored and fanned out. */
export const SEND_OK_REASON = 1;

/**
 * Refusals that cannot succeed on retry: 2 authFail, 3 subscriberNotExist, 4 inBlacklist,
 * 5 channelNotExist, 11 notAllowSend, 13 notInWhitelist, 16 channelIDError, 19 ban,
 * 20 notSupportHeader, 21 clientKeyIsEmpty, 23 notSupportChannelType, 24 disband, 25 sendBan.
 * Everything else (0 unknown, 6–10 node/routing/key hiccups, 12, 14, 15 systemError, 17, 18,
 * 22 rateLimit, and codes from newer servers) is treated as transient and retried with backoff.
 */
export const PERMANENT_SEND_REASONS: ReadonlySet<number> = new Set([
  2, 3, 4, 5, 11, 13, 16, 19, 20, 21, 23, 24, 25,
]);

/** First wait before re-sending a transiently refused message; doubles per refusal. */
export const SEND_RETRY_BASE_DELAY_MS = 1_000;
/** Longest wait between transient re-sends. */
export const SEND_RETRY_MAX_DELAY_MS = 30_000;
/** After this many transient refusals the message fails (`RETRIES_EXHAUSTED`); the user may retry. */
export const MAX_SEND_ATTEMPTS = 5;

/** How to treat a SENDACK reason. */
export function classifySendAck(
  reasonCode: number,
): "ok" | "permanent" | "transient" {
  if (reasonCode === SEND_OK_REASON) return "ok";
  return PERMANENT_SEND_REASONS.has(reasonCode) ? "permanent" : "transient";
}

/** Wait before the re-send that follows transient refusal number `refusals` (1-based). */
export function sendRetryDelay(refusals: number): number {
  return Math.min(
    SEND_RETRY_MAX_DELAY_MS,
    SEND_RETRY_BASE_DELAY_MS * 2 ** Math.max(0, refusals - 1),
  );
}
