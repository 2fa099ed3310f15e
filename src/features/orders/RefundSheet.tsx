// Asking for a refund of a paid order: a sheet (a dialog on wide screens) with the reason, its
// counter and the server's limits, then a confirmation of what happens (staff review, the service
// on hold meanwhile, the money back the way it was paid) before the request is sent. A refusal is
// shown in the user's words and the text stays; whatever the server answered, the page re-reads
// the order.
import { useEffect, useId, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FULFILMENT_LIMITS, hasVisibleCharacter } from "#contract";
import { refusalTextOf } from "../../api/ApiError";
import { requestRefund } from "../../api/commerce";
import { formatPriceFen } from "../../lib/format";
import { open as openToast } from "../../state/toast";
import { ModalDialog } from "../../ui/ModalDialog";
import { TextAreaField } from "../../ui/TextAreaField";
import { characterCounter } from "../../ui/characterCounter";

const REFUND_REASON_MAX = FULFILMENT_LIMITS.refundReasonMaxChars;

/** The reason's length as the server counts it (code points) once trimmed. */
function reasonLength(reason: string): number {
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points, as TypeBox's maxLength
  return [...reason.trim()].length;
}

interface RefundSheetProps {
  readonly masterId: number;
  readonly amountFen: number;
  readonly onClose: () => void;
  /** After the server took the request: re-read the order, then close. */
  readonly onRequested: () => Promise<void>;
  /** After a refusal: the order may have moved on; re-read it. */
  readonly onRefused: () => void;
}

export function RefundSheet({
  masterId,
  amountFen,
  onClose,
  onRequested,
  onRefused,
}: RefundSheetProps) {
  const { t } = useLingui();
  const id = useId();
  const [reason, setReason] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const stepped = useRef(false);
  // NOTE: the pressed button leaves with its step; focus goes to the step shown (the dialog
  // itself focuses the reason when it opens).
  useEffect(() => {
    if (!stepped.current) {
      stepped.current = true;
      return;
    }
    (confirming ? confirmRef : reasonRef).current?.focus();
  }, [confirming]);
  const count = reasonLength(reason);
  const max = REFUND_REASON_MAX;
  const tooLong = count > max;
  const ready = hasVisibleCharacter(reason) && !tooLong;
  const amount = formatPriceFen(amountFen);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      await requestRefund(masterId, reason.trim());
    } catch (cause) {
      const refusal = refusalTextOf(cause);
      if (refusal === undefined)
        console.warn("The refund request failed", cause);
      else onRefused();
      setError(refusal ?? t`提交失败，请检查网络后重试`);
      setConfirming(false);
      setBusy(false);
      return;
    }
    openToast({ type: "success", message: t`退款申请已提交` });
    await onRequested();
  };

  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      onClose={() => {
        if (!busy) onClose();
      }}
      className="refund-sheet"
    >
      <h2 id={`${id}-title`}>
        <Trans>申请退款</Trans>
      </h2>
      {confirming ? (
        <div className="refund-confirm">
          <p className="refund-confirm-question">
            <Trans>确定申请退款 {amount} 吗？</Trans>
          </p>
          <p className="muted">
            <Trans>
              提交后客服会审核，审核期间法事暂缓安排；审核通过后，款项将原路退回您付款的微信账户。
            </Trans>
          </p>
          <blockquote className="refund-confirm-reason">
            {reason.trim()}
          </blockquote>
          <div className="refund-actions">
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => {
                setConfirming(false);
              }}
            >
              <Trans>返回修改</Trans>
            </button>
            <button
              ref={confirmRef}
              type="button"
              className="btn btn-primary"
              disabled={busy}
              aria-busy={busy}
              onClick={() => {
                void send();
              }}
            >
              {busy ? <Trans>正在提交…</Trans> : <Trans>确认申请</Trans>}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="refund-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) setConfirming(true);
          }}
        >
          <p className="muted">
            <Trans>
              法事完成前可申请退款，退款金额 {amount}，经客服审核后原路退回。
            </Trans>
          </p>
          <TextAreaField
            ref={reasonRef}
            id={`${id}-reason`}
            label={<Trans>退款原因</Trans>}
            rows={4}
            value={reason}
            placeholder={t`请告诉我们退款的原因`}
            error={tooLong ? t`退款原因最多 ${max} 字` : undefined}
            alertError
            counter={characterCounter(count, max)}
            onChange={(value) => {
              setReason(value);
              setError(null);
            }}
          />
          {error === null ? null : (
            <p className="field-error refund-error" role="alert">
              {error}
            </p>
          )}
          <div className="refund-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              <Trans>取消</Trans>
            </button>
            <button type="submit" className="btn btn-primary" disabled={!ready}>
              <Trans>提交申请</Trans>
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
