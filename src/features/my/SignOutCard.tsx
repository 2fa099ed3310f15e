// Signing out: this device (the server call, then the session clears a second later) or every
// device ("sign out everywhere", confirmed inline first).
import { useEffect, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { refusalTextOf } from "../../api/ApiError";
import { logout, logoutEverywhere } from "../../session/authSession";
import { session } from "../../state/session";
import { open as openToast } from "../../state/toast";
import { DevicesIcon, LogoutIcon } from "../../ui/icons";

export function SignOutCard() {
  const { t } = useLingui();
  const { signingOut } = useSnapshot(session);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const everywhereRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (returnFocus.current) everywhereRef.current?.focus();
    returnFocus.current = false;
  }, [confirming]);

  const closeConfirm = () => {
    returnFocus.current = true;
    setConfirming(false);
  };

  const signOutEverywhere = async () => {
    try {
      await logoutEverywhere();
    } catch (error) {
      console.error("Sign out everywhere failed", error);
      openToast({
        type: "error",
        message: refusalTextOf(error) ?? t`操作失败，请稍后再试`,
      });
      closeConfirm();
    }
  };

  return (
    <section className="card my-section" aria-labelledby="sign-out-title">
      <h2 id="sign-out-title" className="visually-hidden">
        <Trans>退出登录</Trans>
      </h2>
      {signingOut ? (
        <p className="my-signing-out" role="status">
          <Trans>正在退出登录…</Trans>
        </p>
      ) : null}
      <div className="my-actions">
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={signingOut}
          onClick={() => {
            void logout();
          }}
        >
          <LogoutIcon size={20} />
          <Trans>退出登录</Trans>
        </button>
        {confirming ? (
          <div
            className="my-confirm"
            role="group"
            aria-labelledby="sign-out-everywhere-question"
          >
            <p id="sign-out-everywhere-question">
              <Trans>将退出您在所有设备上的登录（包括本机），确定吗？</Trans>
            </p>
            <div className="my-confirm-actions">
              <button
                ref={confirmRef}
                type="button"
                className="btn btn-danger"
                disabled={signingOut}
                onClick={() => {
                  void signOutEverywhere();
                }}
              >
                <Trans>确定退出所有设备</Trans>
              </button>
              <button
                type="button"
                className="btn btn-ghost"
                disabled={signingOut}
                onClick={closeConfirm}
              >
                <Trans>取消</Trans>
              </button>
            </div>
          </div>
        ) : (
          <button
            ref={everywhereRef}
            type="button"
            className="btn btn-ghost btn-block my-danger-text"
            disabled={signingOut}
            onClick={() => {
              setConfirming(true);
            }}
          >
            <DevicesIcon size={20} />
            <Trans>退出所有设备</Trans>
          </button>
        )}
      </div>
    </section>
  );
}
