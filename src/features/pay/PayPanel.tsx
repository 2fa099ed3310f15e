// The pay button and what follows it: the Native QR code (with the emulator cashier link in
// development), "confirming" while the server is polled (also on the return from H5), an H5
// return the server has no outcome for yet, and failures with a retry.
import { Trans, useLingui } from "@lingui/react/macro";
import { currentPayMethod } from "./payMethod";
import type { Payment } from "./usePayment";
import "./pay.css";

export function PayPanel({
  payment,
  disabled,
}: {
  payment: Payment;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const { state, start } = payment;
  const busy = state.kind === "starting" || state.kind === "confirming";
  const inWechat = currentPayMethod() === "jsapi";

  if (state.kind === "native")
    return (
      <div className="pay-native" aria-live="polite">
        <img
          className="pay-qr"
          src={state.qr}
          width={200}
          height={200}
          alt={t`微信支付二维码`}
        />
        <p className="muted">
          <Trans>请使用微信扫一扫完成支付，支付后本页会自动更新。</Trans>
        </p>
        {state.emulator ? (
          <a
            className="btn btn-ghost"
            href={state.codeUrl}
            target="_blank"
            rel="noopener"
          >
            <Trans>打开模拟收银台</Trans>
          </a>
        ) : null}
        <p className="pay-waiting" role="status">
          <Trans>等待支付结果…</Trans>
        </p>
      </div>
    );

  return (
    <div className="pay-actions">
      {state.kind === "confirming" ? (
        <p className="pay-waiting" role="status">
          <Trans>正在确认支付结果…</Trans>
        </p>
      ) : null}
      {state.kind === "unconfirmed" ? (
        <p className="muted" role="status">
          <Trans>
            还没有收到支付结果。如果已经付款，请稍候刷新本页；如果没有，可以重新支付。
          </Trans>
        </p>
      ) : null}
      {state.kind === "cancelledByUser" ? (
        <p className="muted" role="status">
          <Trans>您已取消支付，可以稍后再付。</Trans>
        </p>
      ) : null}
      {state.kind === "failed" ? (
        <p className="form-error" role="alert">
          {state.message ?? t`发起支付失败，请稍后重试`}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary btn-block"
        disabled={disabled || busy}
        onClick={start}
      >
        {busy ? (
          <Trans>处理中…</Trans>
        ) : inWechat ? (
          <Trans>微信支付</Trans>
        ) : (
          <Trans>立即支付</Trans>
        )}
      </button>
    </div>
  );
}
