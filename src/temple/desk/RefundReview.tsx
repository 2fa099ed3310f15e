// 审核退款: the customer's request (reason, amount, when), then approve behind a confirmation that
// names the amount, or decline with the reason the customer reads (required); sends
// order/v1/refund/review.
import { useEffect, useId, useRef, useState, type SyntheticEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { FULFILMENT_LIMITS } from "#contract";
import {
  reviewRefund,
  type RefundView,
  type StaffOrderDetail,
} from "../../api/staff";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDateTime, formatPriceFen } from "../../lib/format";
import {
  charCounter,
  checkDecline,
  problemText,
  sendable,
  type FormProblem,
} from "./staffForms";
import { ActionError, SendOrCancel } from "./FormParts";
import { TextAreaField } from "../../ui/TextAreaField";
import { useStaffAction } from "./useStaffAction";

type Step = "choose" | "approve" | "decline";

export function RefundReview({
  order,
  refund,
}: {
  order: StaffOrderDetail;
  refund: RefundView;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const locale = useRouteLocale();
  const action = useStaffAction();
  const [step, setStep] = useState<Step>("choose");
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<FormProblem>();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  // NOTE: the button pressed goes away with its step; focus follows to what replaced it.
  useEffect(() => {
    if (step === "approve") confirmRef.current?.focus();
    else if (step === "decline") reasonRef.current?.focus();
    else if (moved.current) approveRef.current?.focus();
    moved.current = true;
  }, [step]);
  const amount = formatPriceFen(refund.amountFen);

  const send = (approve: boolean, text: string) =>
    action.run(
      () =>
        reviewRefund(
          {
            masterId: order.masterId,
            approve,
            ...(text === "" ? {} : { reason: text }),
          },
          locale,
        ),
      {
        done: approve ? t`已同意退款` : t`已拒绝退款`,
        fallback: t`提交失败，请稍后重试`,
      },
    );

  const decline = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (action.busy) return;
    const found = checkDecline(reason);
    setProblem(found);
    if (found !== undefined) {
      reasonRef.current?.focus();
      return;
    }
    void send(false, sendable(reason));
  };

  const cancel = () => {
    setStep("choose");
    setProblem(undefined);
  };

  return (
    <section
      className="card staff-action"
      aria-labelledby={`${id}-title`}
      aria-busy={action.busy}
    >
      <h3 id={`${id}-title`}>
        <Trans>审核退款</Trans>
      </h3>
      <dl className="staff-fields">
        <div className="staff-field">
          <dt>
            <Trans>退款原因</Trans>
          </dt>
          <dd>{refund.reason}</dd>
        </div>
        <div className="staff-field">
          <dt>
            <Trans>退款金额</Trans>
          </dt>
          <dd className="price">
            <strong>{amount}</strong>
          </dd>
        </div>
        <div className="staff-field">
          <dt>
            <Trans>申请时间</Trans>
          </dt>
          <dd>
            <time dateTime={refund.requestedAt}>
              {formatDateTime(refund.requestedAt, locale)}
            </time>
          </dd>
        </div>
      </dl>
      {step === "choose" ? (
        <div className="staff-action-buttons">
          <button
            ref={approveRef}
            type="button"
            className="btn btn-primary"
            disabled={action.busy}
            onClick={() => {
              setStep("approve");
            }}
          >
            <Trans>同意退款</Trans>
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={action.busy}
            onClick={() => {
              setStep("decline");
            }}
          >
            <Trans>拒绝退款</Trans>
          </button>
        </div>
      ) : null}
      {step === "approve" ? (
        <div
          className="staff-confirm"
          role="group"
          aria-labelledby={`${id}-confirm`}
        >
          <p id={`${id}-confirm`}>
            <Trans>
              确定同意退款 {amount} 吗？款项将原路退回用户的微信支付，无法撤销。
            </Trans>
          </p>
          <SendOrCancel
            ref={confirmRef}
            busy={action.busy}
            onClick={() => {
              void send(true, "");
            }}
            cancel={cancel}
          >
            <Trans>确认退款</Trans>
          </SendOrCancel>
        </div>
      ) : null}
      {step === "decline" ? (
        <form noValidate onSubmit={decline} aria-label={t`拒绝退款`}>
          <TextAreaField
            ref={reasonRef}
            id={`${id}-reason`}
            label={t`拒绝理由`}
            hint={t`用户会看到这个理由`}
            value={reason}
            onChange={setReason}
            rows={3}
            counter={charCounter(
              reason,
              FULFILMENT_LIMITS.refundReasonMaxChars,
            )}
            required
            disabled={action.busy}
            error={
              problem === undefined ? undefined : problemText(i18n, problem)
            }
          />
          <SendOrCancel busy={action.busy} cancel={cancel}>
            <Trans>提交拒绝</Trans>
          </SendOrCancel>
        </form>
      ) : null}
      <ActionError error={action.error} />
    </section>
  );
}
