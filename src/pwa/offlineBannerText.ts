// The offline banner's wording: "offline · last synced hh:mm", or that nothing was synced yet.
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { clockText } from "../lib/dateText";

/** hh:mm in 24 h, local time. */
export function formatClock(at: number): string {
  return clockText(new Date(at));
}

export function offlineBannerText(
  i18n: I18n,
  lastSyncedAt: number | null,
): string {
  if (lastSyncedAt === null) return i18n._(msg`离线 · 尚未同步`);
  const time = formatClock(lastSyncedAt);
  return i18n._(msg`离线 · 上次同步 ${time}`);
}
