// The desktop QR code: WeChat's widget rendered into a container (it replaces the container's
// content with an iframe). Scanning it sends the browser to the callback page.
import { useEffect, useRef } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import type { WechatConfig } from "../../api/types";
import { colorModeState } from "../../state/colorMode";
import { CloseIcon } from "../../ui/icons";
import { wxLoginOptions } from "./wechatLogin";

export const WX_QR_CONTAINER_ID = "wx-login-qr";

interface WechatQrPanelProps {
  wechat: WechatConfig;
  state: string;
  onClose: () => void;
}

export function WechatQrPanel({ wechat, state, onClose }: WechatQrPanelProps) {
  const { t } = useLingui();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useSnapshot(colorModeState);
  const dark = document.documentElement.dataset.theme === "dark";

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  useEffect(() => {
    const WxLogin = window.WxLogin;
    if (WxLogin === undefined) return;
    new WxLogin(wxLoginOptions(wechat, state, WX_QR_CONTAINER_ID, dark));
  }, [wechat, state, dark]);

  return (
    <section className="wechat-qr" aria-labelledby="wechat-qr-title">
      <div className="wechat-qr-head">
        <h2 id="wechat-qr-title" ref={headingRef} tabIndex={-1}>
          <Trans>微信扫码登录</Trans>
        </h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t`关闭二维码`}
          onClick={onClose}
        >
          <CloseIcon size={20} />
        </button>
      </div>
      <div id={WX_QR_CONTAINER_ID} className="wechat-qr-frame" />
      <p className="muted wechat-qr-hint">
        <Trans>请使用微信扫描二维码，并在手机上确认登录</Trans>
      </p>
    </section>
  );
}
