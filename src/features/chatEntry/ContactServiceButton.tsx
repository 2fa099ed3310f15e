// "Contact service": asks the server which service staff account this user talks to
// (oapi/v1/getVirtual) and opens that conversation. Not shown to service staff themselves.
import { useState, type ReactNode } from "react";
import { useNavigate } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { refusalTextOf } from "../../api/ApiError";
import { useLocaleParam } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { open as openToast } from "../../state/toast";
import { fetchServiceAccount } from "./imUserApi";

interface ContactServiceButtonProps {
  readonly className?: string;
  readonly children?: ReactNode;
}

export function ContactServiceButton({
  className = "btn btn-ghost",
  children,
}: ContactServiceButtonProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const locale = useLocaleParam();
  const { user, isLoggedIn } = useSnapshot(session);
  const [busy, setBusy] = useState(false);
  if (user?.isService === 1) return null;

  const contact = async () => {
    if (!isLoggedIn) {
      await navigate({ to: "/{-$locale}/destiny", params: { locale } });
      return;
    }
    setBusy(true);
    try {
      const service = await fetchServiceAccount();
      await navigate({
        to: "/{-$locale}/destiny",
        params: { locale },
        search: { chat: service.channel_id },
      });
    } catch (error) {
      console.error("Contacting service failed", error);
      openToast({
        type: "error",
        message: refusalTextOf(error) ?? t`暂时无法联系客服，请稍后再试`,
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      aria-busy={busy}
      onClick={() => {
        void contact();
      }}
    >
      {children ?? <Trans>联系客服</Trans>}
    </button>
  );
}
