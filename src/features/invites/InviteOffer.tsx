// Landing with `?invite=CODE`: a signed-in user without an inviter is offered to bind that code;
// a signed-out visitor is asked to log in first and comes back to the offer.
import { useEffect, useState } from "react";
import { Link, useRouterState } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { Trans } from "@lingui/react/macro";
import { fetchInviteInfo, type InviteInfo } from "../../api/invites";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { BindInviteForm } from "./BindInviteForm";
import "./invites.css";

export function InviteOffer() {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  const href = useRouterState({ select: (s) => s.location.href });
  const code = new URLSearchParams(searchStr).get("invite")?.trim() ?? "";
  const { isLoggedIn } = useSnapshot(session);
  const locale = useLocaleParam();
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [bound, setBound] = useState(false);

  useEffect(() => {
    if (!isLoggedIn || code === "") return;
    let live = true;
    fetchInviteInfo().then(
      (loaded) => {
        if (live) setInfo(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isLoggedIn, code]);

  if (code === "") return null;
  if (!isLoggedIn)
    return (
      <section className="card invite-offer" aria-label={code}>
        <p>
          <Trans>好友邀请您加入福缘（邀请码 {code}）。</Trans>
        </p>
        <Link
          className="btn btn-primary btn-block"
          to="/{-$locale}/login"
          params={{ locale }}
          search={{ redirect: href }}
        >
          <Trans>登录后接受邀请</Trans>
        </Link>
      </section>
    );
  if (bound)
    return (
      <p className="card invite-offer" role="status">
        <Trans>已接受邀请，感恩结缘。</Trans>
      </p>
    );
  if (info === null || info.parent !== null || info.inviteCode === code)
    return null;
  return (
    <section className="card invite-offer" aria-label={code}>
      <p>
        <Trans>好友邀请您加入福缘，是否绑定邀请码 {code}？</Trans>
      </p>
      <BindInviteForm
        initialCode={code}
        onBound={() => {
          setBound(true);
        }}
      />
    </section>
  );
}
