// The honest offline strip: "offline · last synced hh:mm", shown only while the browser is offline.
import { useLingui } from "@lingui/react";
import { useSnapshot } from "valtio";
import { offlineBannerText } from "./offlineBannerText";
import { pwaState } from "./pwaState";

export function OfflineBanner() {
  const { i18n } = useLingui();
  const { online, lastSyncedAt } = useSnapshot(pwaState);
  if (online) return null;
  return (
    <div className="pwa-banner pwa-offline" role="status">
      {offlineBannerText(i18n, lastSyncedAt)}
    </div>
  );
}
