// /prayer/agreement?id=: my prayer agreement — its title, paragraphs and order summary; while
// unsigned, the signature form; once signed, "已签署" with the date and the signature (no pad), and
// the way back to the chat with the staff member who sent it.
import { useState } from "react";
import {
  getRouteApi,
  Link,
  useNavigate,
  useRouter,
} from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { refusalTextOf } from "../../api/ApiError";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDateTime, formatPriceFen } from "../../lib/format";
import { open as openToast } from "../../state/toast";
import { usePageTitle } from "../../ui/usePageTitle";
import { searchForChannel, PERSON_CHANNEL } from "../messenger/messengerSearch";
import { contractSend, type Agreement } from "./agreementsApi";
import { SignAgreementForm } from "./SignAgreementForm";
import "./agreements.css";

const route = getRouteApi("/{-$locale}/prayer/agreement");

export function AgreementPage() {
  const { t } = useLingui();
  const agreement = route.useLoaderData();
  const router = useRouter();
  const navigate = useNavigate();
  const locale = useRouteLocale();
  const localeParam = useLocaleParam();
  const [sendError, setSendError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  usePageTitle(agreement.title);
  const chat = searchForChannel({
    channelId: agreement.sender.imId,
    channelType: PERSON_CHANNEL,
  });

  const backToChat = () =>
    navigate({
      to: "/{-$locale}/destiny",
      params: { locale: localeParam },
      search: chat,
    });

  /** Puts the signed agreement into the chat; false (with the reason shown) when that failed. */
  const sendToChat = async (): Promise<boolean> => {
    try {
      await contractSend(agreement.id);
      setSendError(null);
      return true;
    } catch (error) {
      console.warn("contractSend failed", error);
      setSendError(
        refusalTextOf(error) ?? t`协议已签署，但未能发送到聊天，请重试`,
      );
      return false;
    }
  };

  const onSigned = async () => {
    const sent = await sendToChat();
    if (sent) {
      openToast({ type: "success", message: t`协议已签署，已发送到聊天` });
      await backToChat();
    } else await router.invalidate();
  };

  const resend = async () => {
    setResending(true);
    const sent = await sendToChat();
    setResending(false);
    if (sent) {
      openToast({ type: "success", message: t`已发送到聊天` });
      await backToChat();
    }
  };

  return (
    <div className="page agreement-page">
      <header className="page-head agreement-head">
        <h1>{agreement.title}</h1>
        {agreement.status === "signed" ? (
          <span className="chip agreement-chip-signed">
            <Trans>已签署</Trans>
          </span>
        ) : (
          <span className="chip">
            <Trans>待签署</Trans>
          </span>
        )}
      </header>
      <p className="muted agreement-from">
        <Trans>
          由 {agreement.sender.nickname} 于{" "}
          {formatDateTime(agreement.sentAt, locale)} 发送
        </Trans>
      </p>

      <AgreementSummary agreement={agreement} />

      <section
        className="card agreement-text"
        aria-labelledby="agreement-text-title"
      >
        <h2 id="agreement-text-title">
          <Trans>协议内容</Trans>
        </h2>
        {agreement.paragraphs.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </section>

      {agreement.status === "signed" ? (
        <section
          className="card agreement-signed"
          aria-labelledby="agreement-signed-title"
        >
          <h2 id="agreement-signed-title">
            <Trans>已签署</Trans>
          </h2>
          {agreement.signedAt === null ? null : (
            <p>
              <Trans>
                签署于{" "}
                <time dateTime={agreement.signedAt}>
                  {formatDateTime(agreement.signedAt, locale)}
                </time>
              </Trans>
            </p>
          )}
          {agreement.signatureUrl === null ? null : (
            <img
              className="agreement-signature"
              src={agreement.signatureUrl}
              alt={t`我的签名`}
            />
          )}
          {sendError === null ? null : (
            <p className="agreement-error" role="alert">
              {sendError}{" "}
              <button
                type="button"
                className="btn btn-ghost"
                disabled={resending}
                onClick={() => void resend()}
              >
                <Trans>重新发送到聊天</Trans>
              </button>
            </p>
          )}
          <p>
            <Link
              className="btn btn-ghost"
              to="/{-$locale}/destiny"
              params={{ locale: localeParam }}
              search={chat}
            >
              <Trans>返回聊天</Trans>
            </Link>
          </p>
        </section>
      ) : (
        <SignAgreementForm agreementId={agreement.id} onSigned={onSigned} />
      )}
    </div>
  );
}

function AgreementSummary({ agreement }: { readonly agreement: Agreement }) {
  const { t } = useLingui();
  const { order } = agreement;
  const rows: [string, string][] = [
    [t`订单号`, order.masterOrderNo],
    [t`服务`, order.productTitle],
    [t`方案`, order.optionLabel],
    [t`数量`, String(order.quantity)],
    ...(order.beneficiaryName === null
      ? []
      : [[t`受益人`, order.beneficiaryName] as [string, string]]),
    [t`合计`, formatPriceFen(order.totalFen)],
  ];
  return (
    <section
      className="card agreement-order"
      aria-labelledby="agreement-order-title"
    >
      <h2 id="agreement-order-title">
        <Trans>订单信息</Trans>
      </h2>
      <dl className="agreement-fields">
        {rows.map(([label, value]) => (
          <div key={label} className="agreement-field">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
