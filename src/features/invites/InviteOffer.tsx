// The offer to bind the invite code a visitor arrived with, on whatever page they are. The code is
// remembered from `?invite=CODE` (pendingInvite.ts), so browsing away or signing in (also through
// WeChat) keeps it. Signed out, the landing page asks to log in first and comes back; signed in,
// the bind is one tap (the code prefilled), or "not now" forgets it. /my binds in its own card.
import { useEffect, useState } from "react";
import { Link, useRouterState } from "@tanstack/react-router";
import { useSnapshot } from "valtio";
import { Trans } from "@lingui/react/macro";
import { fetchInviteInfo, type InviteInfo } from "../../api/invites";
import { splitLocalePath } from "../../i18n/localePath";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { BindInviteForm } from "./BindInviteForm";
import {
  forgetInvite,
  inviteInSearch,
  pendingInvite,
  rememberInvite,
} from "./pendingInvite";
import "./invites.css";

/** Pages where the offer would be in the way: signing in, and /my with its own bind form. */
const NO_OFFER = new Set(["/login", "/callback", "/my"]);

export function InviteOffer() {
  const location = useRouterState({ select: (s) => s.location });
  const urlCode = inviteInSearch(location.searchStr);
  const { isLoggedIn } = useSnapshot(session);
  const locale = useLocaleParam();
  const [stored] = useState(pendingInvite);
  /** Declined, or nothing to offer to this account. */
  const [closed, setClosed] = useState(false);
  const [info, setInfo] = useState<InviteInfo | null>(null);
  const [bound, setBound] = useState(false);
  const code = closed ? null : (urlCode ?? stored);

  useEffect(() => {
    if (urlCode !== null) rememberInvite(urlCode);
  }, [urlCode]);

  useEffect(() => {
    if (!isLoggedIn || code === null) return;
    let live = true;
    fetchInviteInfo().then(
      (loaded) => {
        if (!live) return;
        // NOTE: nothing to offer to an account that has an inviter, or for its own code.
        if (loaded.parent !== null || loaded.inviteCode === code) {
          forgetInvite();
          setClosed(true);
        }
        setInfo(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isLoggedIn, code]);

  if (NO_OFFER.has(splitLocalePath(location.pathname).rest)) return null;
  if (bound)
    return (
      <p className="card invite-offer" role="status">
        <Trans>已接受邀请，感恩结缘。</Trans>
      </p>
    );
  if (code === null) return null;
  if (!isLoggedIn)
    return urlCode === null ? null : (
      <section className="card invite-offer" aria-label={code}>
        <p>
          <Trans>好友邀请您加入福缘（邀请码 {code}）。</Trans>
        </p>
        <Link
          className="btn btn-primary btn-block"
          to="/{-$locale}/login"
          params={{ locale }}
          search={{ redirect: location.href }}
        >
          <Trans>登录后接受邀请</Trans>
        </Link>
      </section>
    );
  if (info === null) return null;
  return (
    <section className="card invite-offer" aria-label={code}>
      <p>
        <Trans>好友邀请您加入福缘，是否绑定邀请码 {code}？</Trans>
      </p>
      <BindInviteForm
        initialCode={code}
        onBound={() => {
          forgetInvite();
          setBound(true);
        }}
      />
      <button
        type="button"
        className="btn btn-ghost btn-block"
        onClick={() => {
          forgetInvite();
          setClosed(true);
        }}
      >
        <Trans>暂不绑定</Trans>
      </button>
    </section>
  );
}
