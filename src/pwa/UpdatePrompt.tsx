// Tells the user a new version is ready (it applies on the next navigation), why it is waiting
// (an unsent message or a draft), and offers "update now", which goes through the same gate.
import { Trans } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { pwaState } from "./pwaState";
import { updateController } from "./registerPwa";

export function UpdatePrompt() {
  const { updateReady, updateBlocked } = useSnapshot(pwaState);
  if (!updateReady) return null;
  return (
    <div className="pwa-banner pwa-update" role="status">
      <span>
        {updateBlocked === "outbox" ? (
          <Trans>新版本已就绪，消息发送完成后更新</Trans>
        ) : updateBlocked === "draft" ? (
          <Trans>新版本已就绪，输入完成并发送后更新</Trans>
        ) : updateBlocked === "loop" ? (
          <Trans>新版本未能加载，请稍后手动刷新</Trans>
        ) : (
          <Trans>新版本已就绪，切换页面时自动更新</Trans>
        )}
      </span>
      {updateBlocked === "loop" ? null : (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            void updateController()?.apply();
          }}
        >
          <Trans>立即更新</Trans>
        </button>
      )}
    </div>
  );
}
