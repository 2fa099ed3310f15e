// The open chat's header action for staff (service staff or monks): "发送协议" opens the order
// picker that sends a prayer agreement to the peer. Renders nothing for other users.
import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { SendAgreementDialog } from "./SendAgreementDialog";
import "./contract.css";

interface SendAgreementButtonProps {
  readonly peerImId: string;
  readonly peerName: string;
}

export function SendAgreementButton({
  peerImId,
  peerName,
}: SendAgreementButtonProps) {
  const { user } = useSnapshot(session);
  const locale = useRouteLocale();
  const [open, setOpen] = useState(false);
  if (user === null || (user.isService !== 1 && user.isMonk !== 1)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost agreement-send"
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
        }}
      >
        <Trans>发送协议</Trans>
      </button>
      {open ? (
        <SendAgreementDialog
          peerImId={peerImId}
          peerName={peerName}
          locale={locale}
          onClose={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}
