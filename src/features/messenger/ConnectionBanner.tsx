// The messenger's connection banner: connecting, reconnecting, offline, or why messages cannot flow
// (failed, signed in elsewhere, sign in again — with a button that signs in again). Hidden while
// Connected; "connecting" waits a moment so a quick connect does not flash.
import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { logout } from "../../session/authSession";
import { im } from "../../state/im";
import { AlertIcon } from "../../ui/icons";
import {
  connectionNotice,
  needsSignIn,
  type ConnectionNotice,
} from "./connectionNotice";

/** A connect shorter than this shows no banner. */
export const CONNECTING_GRACE_MS = 800;

function useShown(notice: ConnectionNotice | null): ConnectionNotice | null {
  const [graceOver, setGraceOver] = useState(false);
  const waiting = notice === "connecting";
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => {
      setGraceOver(true);
    }, CONNECTING_GRACE_MS);
    return () => {
      clearTimeout(timer);
      setGraceOver(false);
    };
  }, [waiting]);
  return waiting && !graceOver ? null : notice;
}

export function ConnectionBanner() {
  const { t } = useLingui();
  const { connection, imUid, online, kicked } = useSnapshot(im);
  const notice = useShown(
    connectionNotice({ connection, imUid, online, kicked }),
  );
  const texts: Record<ConnectionNotice, string> = {
    connecting: t`正在连接消息服务…`,
    reconnecting: t`连接已断开，正在重新连接…`,
    offline: t`网络不可用，恢复后将自动重连`,
    failed: t`无法登录消息服务，请重新登录`,
    signedInElsewhere: t`您的账号已在其他设备登录，消息已停止接收`,
    signInAgain: t`登录已失效，请重新登录后继续聊天`,
  };
  return (
    <div
      className="chat-banner-region"
      role="status"
      data-connection={connection}
    >
      {notice === null ? null : (
        <div
          className={`chat-banner chat-banner-${needsSignIn(notice) ? "error" : "info"}`}
        >
          {needsSignIn(notice) ? (
            <AlertIcon size={18} />
          ) : (
            <span className="chat-banner-spinner" aria-hidden="true" />
          )}
          <span className="chat-banner-text">{texts[notice]}</span>
          {needsSignIn(notice) ? (
            <button
              type="button"
              className="btn btn-ghost chat-banner-action"
              onClick={() => {
                void logout();
              }}
            >
              <Trans>重新登录</Trans>
            </button>
          ) : null}
        </div>
      )}
    </div>
  );
}
