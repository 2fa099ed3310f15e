// The "get code" button beside a code field: disabled while sending and during the resend
// countdown, whose seconds it shows.
import { Trans } from "@lingui/react/macro";

interface SendCodeButtonProps {
  remaining: number;
  sending: boolean;
  /** A code was sent before (the label becomes "resend"). */
  sent: boolean;
  onSend: () => void;
}

export function SendCodeButton({
  remaining,
  sending,
  sent,
  onSend,
}: SendCodeButtonProps) {
  const label =
    remaining > 0 ? (
      <Trans>{remaining} 秒后重发</Trans>
    ) : sending ? (
      <Trans>发送中…</Trans>
    ) : sent ? (
      <Trans>重新获取</Trans>
    ) : (
      <Trans>获取验证码</Trans>
    );
  return (
    <button
      type="button"
      className="btn btn-ghost field-action"
      disabled={sending || remaining > 0}
      onClick={onSend}
    >
      {label}
    </button>
  );
}
