// Order numbers people see (masterOrderNo): the Beijing date and 10 random digits from the CSPRNG,
// e.g. "202611210384756102"; a day's numbers are 10^10 apart, too many to enumerate. Also the
// WeChat Pay out_trade_no of each payment attempt, which maps back to its order.
import { randomInt } from "node:crypto";

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const OUT_TRADE_NO = /^(\d{18})([JNH])(\d{1,4})$/;

export function newMasterOrderNo(now: number): string {
  const day = new Date(now + BEIJING_OFFSET_MS)
    .toISOString()
    .slice(0, 10)
    .replaceAll("-", "");
  const high = randomInt(0, 100_000);
  const low = randomInt(0, 100_000);
  return `${day}${String(high).padStart(5, "0")}${String(low).padStart(5, "0")}`;
}

const CHANNEL_LETTER = { jsapi: "J", native: "N", h5: "H" } as const;

/** out_trade_no of attempt `attempt` through `channel`: masterOrderNo + J|N|H + attempt. */
export function outTradeNoFor(
  masterOrderNo: string,
  channel: keyof typeof CHANNEL_LETTER,
  attempt: number,
): string {
  return `${masterOrderNo}${CHANNEL_LETTER[channel]}${attempt}`;
}

/** The masterOrderNo an out_trade_no belongs to, or null when it is not one of ours. */
export function masterOrderNoOf(outTradeNo: string): string | null {
  return OUT_TRADE_NO.exec(outTradeNo)?.[1] ?? null;
}

/** "2026-11-21T17:04:05+08:00": the RFC 3339 form WeChat Pay uses (time_expire). */
export function beijingRfc3339(ms: number): string {
  return `${new Date(ms + BEIJING_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}
