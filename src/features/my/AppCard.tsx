// The app section of /my/settings: install (the captured prompt, or the iOS add-to-home-screen steps) and
// whether the browser keeps this device's data (persistent storage), with a button to ask.
import { useEffect } from "react";
import { Trans } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { promptInstall } from "../../pwa/installPrompt";
import { pwaState } from "../../pwa/pwaState";
import {
  refreshPersisted,
  requestPersistence,
} from "../../pwa/storagePersistence";

export function AppCard() {
  const { install, persisted, quotaError } = useSnapshot(pwaState);
  useEffect(() => {
    void refreshPersisted();
  }, []);

  return (
    <section className="card my-section" aria-labelledby="app-title">
      <h2 id="app-title" className="my-section-title">
        <Trans>应用</Trans>
      </h2>
      {install === "prompt" ? (
        <button
          type="button"
          className="btn btn-primary btn-block"
          onClick={() => {
            void promptInstall();
          }}
        >
          <Trans>安装福缘到主屏幕</Trans>
        </button>
      ) : install === "ios" ? (
        <ol className="my-install-steps">
          <li>
            <Trans>在 Safari 中点按底部的“分享”按钮</Trans>
          </li>
          <li>
            <Trans>选择“添加到主屏幕”</Trans>
          </li>
          <li>
            <Trans>点按“添加”</Trans>
          </li>
        </ol>
      ) : install === "installed" ? (
        <p>
          <Trans>福缘已安装在本设备</Trans>
        </p>
      ) : null}
      <p data-testid="storage-persistence">
        {persisted === true ? (
          <Trans>离线数据：已持久保存</Trans>
        ) : persisted === false ? (
          <Trans>离线数据：浏览器可能在空间不足时清除</Trans>
        ) : (
          <Trans>离线数据：此浏览器不支持持久保存</Trans>
        )}
      </p>
      {persisted === false ? (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          onClick={() => {
            void requestPersistence();
          }}
        >
          <Trans>请求持久保存</Trans>
        </button>
      ) : null}
      {quotaError ? (
        <p role="alert">
          <Trans>设备存储空间不足，部分数据未能保存。</Trans>
        </p>
      ) : null}
    </section>
  );
}
