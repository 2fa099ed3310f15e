// The PWA's strips above the app (outside the router, so they survive route errors): offline
// status, update readiness and storage quota errors.
import { Trans } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { OfflineBanner } from "./OfflineBanner";
import { pwaState } from "./pwaState";
import { UpdatePrompt } from "./UpdatePrompt";
import "./pwa.css";

export function PwaOverlays() {
  const { quotaError } = useSnapshot(pwaState);
  return (
    <div className="pwa-overlays">
      <OfflineBanner />
      <UpdatePrompt />
      {quotaError ? (
        <div className="pwa-banner pwa-quota" role="alert">
          <Trans>
            设备存储空间不足，部分消息和页面无法离线保存。请清理空间后重试。
          </Trans>
        </div>
      ) : null}
    </div>
  );
}
