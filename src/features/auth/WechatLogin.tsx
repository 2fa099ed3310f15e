// The WeChat sign-in button. Desktop: WeChat's QR widget (or, with the development emulator, a
// redirect to its authorize page); inside WeChat: the official-account OAuth redirect; a phone
// outside WeChat: an alert, and nothing else happens. The `state` comes from the server.
import { useState } from "react";
import { useLingui } from "@lingui/react/macro";
import { requestWechatState } from "../../api/accounts";
import { refusalTextOf } from "../../api/ApiError";
import type { WechatConfig } from "../../api/types";
import { pageExit } from "../../lib/pageExit";
import { isMobileUserAgent } from "../../lib/userAgent";
import { open as openToast } from "../../state/toast";
import { WechatIcon } from "../../ui/icons";
import { loadWxLogin, WxLoginLoadError } from "./loadWxLogin";
import { rememberOAuth } from "./oauthState";
import {
  authorizeUrl,
  loginTypeOf,
  planWechatLogin,
  qrConnectUrl,
} from "./wechatLogin";
import { WechatQrPanel } from "./WechatQrPanel";

interface WechatLoginProps {
  wechat: WechatConfig;
  /** Where to go after login (kept in sessionStorage for the callback). */
  redirect: string | undefined;
}

export function WechatLogin({ wechat, redirect }: WechatLoginProps) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const [qrState, setQrState] = useState<string | null>(null);
  const mobile = isMobileUserAgent(navigator.userAgent);

  const start = async () => {
    const plan = planWechatLogin(wechat, navigator.userAgent);
    if (plan === "outsideWechat") {
      window.alert(t`请在微信中打开此页面进行登录`);
      return;
    }
    setBusy(true);
    try {
      const type = loginTypeOf(plan);
      const { state } = await requestWechatState(type);
      rememberOAuth({ state, type, redirect });
      if (plan === "emulator") pageExit.assign(qrConnectUrl(wechat, state));
      else if (plan === "inApp") pageExit.assign(authorizeUrl(wechat, state));
      else {
        await loadWxLogin();
        setQrState(state);
      }
    } catch (error) {
      if (!(error instanceof WxLoginLoadError))
        console.error("WeChat login failed", error);
      openToast({
        type: "error",
        message:
          error instanceof WxLoginLoadError
            ? t`微信登录组件加载失败，请检查网络后重试`
            : (refusalTextOf(error) ?? t`微信登录失败，请稍后再试`),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="wechat-login">
      <button
        type="button"
        className="btn btn-wechat btn-block"
        disabled={busy}
        aria-expanded={mobile ? undefined : qrState !== null}
        onClick={() => {
          void start();
        }}
      >
        <WechatIcon size={20} />
        {mobile ? t`微信登录` : t`微信扫码登录`}
      </button>
      {qrState === null ? null : (
        <WechatQrPanel
          wechat={wechat}
          state={qrState}
          onClose={() => {
            setQrState(null);
          }}
        />
      )}
    </div>
  );
}
