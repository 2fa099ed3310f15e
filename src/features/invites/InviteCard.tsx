// My invitations on /my/invite: my code with its share link (PUBLIC_URL/?invite=CODE) and QR code, my
// inviter or the form to bind one, and the way to the people I invited.
import { useEffect, useId, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { fetchInviteInfo, type InviteInfo } from "../../api/invites";
import { getRuntimeConfig } from "../../api/runtimeConfig";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { open as openToast } from "../../state/toast";
import { ChevronRightIcon } from "../../ui/icons";
import { qrDataUrl } from "../pay/qrDataUrl";
import { BindInviteForm } from "./BindInviteForm";
import { forgetInvite, pendingInvite } from "./pendingInvite";
import "../pay/pay.css";
import "./invites.css";

export function inviteLink(publicUrl: string, code: string): string {
  const base = publicUrl.replace(/\/+$/, "");
  return `${base}/?invite=${encodeURIComponent(code)}`;
}

export function InviteCard() {
  const { t } = useLingui();
  const id = useId();
  const locale = useLocaleParam();
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [link, setLink] = useState<string>();
  const [qr, setQr] = useState<string>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([fetchInviteInfo(), getRuntimeConfig()])
      .then(async ([loaded, config]) => {
        const url = inviteLink(config.publicUrl, loaded.inviteCode);
        const image = await qrDataUrl(url);
        if (!live) return;
        setInfo(loaded);
        setLink(url);
        setQr(image);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const copy = async () => {
    if (link === undefined) return;
    try {
      await navigator.clipboard.writeText(link);
      openToast({ type: "success", message: t`邀请链接已复制` });
    } catch {
      openToast({ type: "warning", message: t`无法复制，请长按链接手动复制` });
    }
  };

  return (
    <section className="card my-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="my-section-title">
        <Trans>邀请好友</Trans>
      </h2>
      {failed ? (
        <p className="muted" role="alert">
          <Trans>邀请信息加载失败，请稍后再试。</Trans>
        </p>
      ) : info === null || link === undefined ? (
        <p className="muted" aria-busy="true">
          <Trans>正在加载…</Trans>
        </p>
      ) : (
        <>
          <p className="invite-code">
            <Trans>
              我的邀请码{" "}
              <strong data-testid="invite-code">{info.inviteCode}</strong>
            </Trans>
          </p>
          <div className="invite-share">
            {qr === undefined ? null : (
              <img
                className="pay-qr"
                src={qr}
                width={160}
                height={160}
                alt={t`邀请二维码`}
              />
            )}
            <a className="invite-link" href={link}>
              {link}
            </a>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                void copy();
              }}
            >
              <Trans>复制邀请链接</Trans>
            </button>
          </div>
          {info.parent === null ? (
            <BindInviteForm
              initialCode={pendingInvite() ?? ""}
              onBound={(bound) => {
                forgetInvite();
                setInfo(bound);
              }}
            />
          ) : (
            <p className="muted" role="status">
              <Trans>
                邀请人：{info.parent.nickname}（{info.parent.inviteCode}）
              </Trans>
            </p>
          )}
          <Link
            className="menu-item"
            to="/{-$locale}/myOrder/inviteRecord"
            params={{ locale }}
            search={{}}
          >
            <Trans>我邀请的人</Trans>
            <ChevronRightIcon size={18} />
          </Link>
        </>
      )}
    </section>
  );
}
