// The open chat's header action for staff (service staff or monks): "发送协议" opens the order
// picker that sends a prayer agreement to the peer. Renders nothing for other users. The chat
// workspace's customer pane shows it too (with onClosed, to read the agreements again).
import { useState } from "react";
import { Trans } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { session } from "../../state/session";
import { SendAgreementDialog } from "./SendAgreementDialog";
import "./agreements.css";

/** Who may send agreements: service staff and monks (the server's rule). */
export function sendsAgreements(
  user: { readonly isService: number; readonly isMonk: number } | null,
): boolean {
  return user !== null && (user.isService === 1 || user.isMonk === 1);
}

interface SendAgreementButtonProps {
  readonly peerImId: string;
  readonly peerName: string;
  /** After the picker closed (an agreement may have been sent). */
  readonly onClosed?: () => void;
}

export function SendAgreementButton({
  peerImId,
  peerName,
  onClosed,
}: SendAgreementButtonProps) {
  const { user } = useSnapshot(session);
  const locale = useRouteLocale();
  const [open, setOpen] = useState(false);
  if (!sendsAgreements(user)) return null;
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
            onClosed?.();
          }}
        />
      ) : null}
    </>
  );
}
