// Staff: pick one of the chat peer's paid / in-service orders and send its prayer agreement into
// the chat (sendAgreement). Each order shows whether its agreement is unsent, waiting or signed;
// a signed one cannot be sent again. Failures show the server's message.
import { useEffect, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { refusalTextOf } from "../../api/ApiError";
import type { Locale } from "../../i18n/locales";
import { formatPriceFen } from "../../lib/format";
import { open as openToast } from "../../state/toast";
import { ModalDialog } from "../../ui/ModalDialog";
import { ORDER_STATUS_LABELS } from "../../i18n/orderLabels";
import {
  fetchSignableOrders,
  sendAgreement,
  type SignableOrder,
} from "./agreementsApi";

interface SendAgreementDialogProps {
  readonly peerImId: string;
  readonly peerName: string;
  readonly locale: Locale;
  readonly onClose: () => void;
}

type Listing =
  | { readonly state: "loading" }
  | { readonly state: "failed"; readonly message: string }
  | { readonly state: "loaded"; readonly orders: readonly SignableOrder[] };

export function SendAgreementDialog({
  peerImId,
  peerName,
  locale,
  onClose,
}: SendAgreementDialogProps) {
  const { t, i18n } = useLingui();
  const [listing, setListing] = useState<Listing>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const abort = new AbortController();
    fetchSignableOrders(peerImId, locale, { signal: abort.signal }).then(
      (orders) => {
        setListing({ state: "loaded", orders });
      },
      (cause: unknown) => {
        if (abort.signal.aborted) return;
        console.warn("Signable orders could not be loaded", cause);
        setListing({
          state: "failed",
          message: refusalTextOf(cause) ?? t`订单加载失败`,
        });
      },
    );
    return () => {
      abort.abort();
    };
  }, [peerImId, locale, attempt, t]);

  const send = async (order: SignableOrder) => {
    setSending(order.masterOrderNo);
    setError(null);
    try {
      const result = await sendAgreement(order.masterOrderNo);
      if (result.messageSent)
        openToast({ type: "success", message: t`协议已发送，等待对方签署` });
      else
        openToast({
          type: "warning",
          message: t`协议已保存，但消息未能送达对方，请稍后重发`,
        });
      onClose();
    } catch (cause) {
      console.warn("sendAgreement failed", cause);
      setError(refusalTextOf(cause) ?? t`协议发送失败，请稍后重试`);
      setSending(null);
    }
  };

  return (
    <ModalDialog
      labelledBy="send-agreement-title"
      onClose={onClose}
      className="agreement-dialog"
    >
      <h2 id="send-agreement-title">
        <Trans>给 {peerName} 发送祈福协议</Trans>
      </h2>
      {listing.state === "loading" ? (
        <p role="status">
          <Trans>正在加载订单…</Trans>
        </p>
      ) : null}
      {listing.state === "failed" ? (
        <p className="agreement-error" role="alert">
          {listing.message}{" "}
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setListing({ state: "loading" });
              setAttempt((n) => n + 1);
            }}
          >
            <Trans>重试</Trans>
          </button>
        </p>
      ) : null}
      {listing.state === "loaded" && listing.orders.length === 0 ? (
        <p className="muted">
          <Trans>对方暂无可签署的订单（订单需已支付）。</Trans>
        </p>
      ) : null}
      {listing.state === "loaded" && listing.orders.length > 0 ? (
        <ul className="agreement-orders" aria-label={t`可签署的订单`}>
          {listing.orders.map((order) => (
            <li key={order.masterOrderNo} className="agreement-order-row">
              <div className="agreement-order-info">
                <strong>
                  {order.productTitle} · {order.optionLabel}
                </strong>
                <span className="muted">
                  <Trans>订单号 {order.masterOrderNo}</Trans>
                </span>
                <span className="muted">
                  {formatPriceFen(order.totalFen)} ·{" "}
                  {i18n._(ORDER_STATUS_LABELS[order.status])}
                  {order.agreement === null ? null : order.agreement.status ===
                    "signed" ? (
                    <>
                      {" · "}
                      <Trans>协议已签署</Trans>
                    </>
                  ) : (
                    <>
                      {" · "}
                      <Trans>协议待签署</Trans>
                    </>
                  )}
                </span>
              </div>
              {order.agreement?.status === "signed" ? null : (
                <button
                  type="button"
                  className="btn btn-primary"
                  disabled={sending !== null}
                  aria-label={
                    order.agreement === null
                      ? t`发送订单 ${order.masterOrderNo} 的协议`
                      : t`重新发送订单 ${order.masterOrderNo} 的协议`
                  }
                  onClick={() => void send(order)}
                >
                  {order.agreement === null ? (
                    <Trans>发送</Trans>
                  ) : (
                    <Trans>重发</Trans>
                  )}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {error === null ? null : (
        <p className="agreement-error" role="alert">
          {error}
        </p>
      )}
      <div className="confirm-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          <Trans>关闭</Trans>
        </button>
      </div>
    </ModalDialog>
  );
}
