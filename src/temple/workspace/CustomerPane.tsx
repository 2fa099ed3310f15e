// The customer's context beside the open thread (#22): profile, who answers them (with the
// hand-off), the invite relation, their orders with states (each opens in place with the desk's
// moves: CustomerOrders), prayer agreements and staff's private note. Loads staff/v1/customer,
// then their orders.
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { refusalTextOf } from "../../api/ApiError";
import {
  SendAgreementButton,
  sendsAgreements,
} from "../../features/agreements/SendAgreementButton";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDate } from "../../lib/format";
import { session } from "../../state/session";
import { BackIcon, CloseIcon } from "../../ui/icons";
import { CustomerNote } from "./CustomerNote";
import { CustomerOrders } from "./CustomerOrders";
import { HandOff } from "./HandOff";
import { useLoaded } from "./useLoaded";
import { type CustomerContext, fetchCustomer } from "./workspaceApi";

interface CustomerPaneProps {
  readonly imId: string;
  /** Closes the pane (a phone's page, the side panel below 1280 px). */
  readonly onClose: () => void;
  /** After the chat moved to someone else. */
  readonly onHandedOff: () => void;
}

export function CustomerPane({
  imId,
  onClose,
  onHandedOff,
}: CustomerPaneProps) {
  const { t } = useLingui();
  const customer = useLoaded(`customer:${imId}`, (signal) =>
    fetchCustomer(imId, { signal }),
  );
  return (
    <div className="ws-context-inner">
      <header className="ws-context-head">
        <button
          type="button"
          className="icon-btn ws-context-back"
          aria-label={t`返回聊天`}
          onClick={onClose}
        >
          <BackIcon />
        </button>
        <h2 id="ws-context-title">
          <Trans>客户资料</Trans>
        </h2>
        <button
          type="button"
          className="icon-btn ws-context-close"
          aria-label={t`关闭客户资料`}
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </header>
      {customer.failed !== undefined ? (
        <div className="form-error ws-pane-error" role="alert">
          <p>{refusalTextOf(customer.failed) ?? t`客户资料加载失败`}</p>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={customer.reload}
          >
            <Trans>重试</Trans>
          </button>
        </div>
      ) : customer.data === undefined ? (
        <div aria-busy="true">
          <p className="visually-hidden" role="status">
            <Trans>正在加载客户资料…</Trans>
          </p>
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line short" />
        </div>
      ) : (
        <CustomerFacts
          customer={customer.data}
          onChange={customer.replace}
          onAgreementsChanged={customer.reload}
          onHandedOff={(next) => {
            customer.replace(next);
            onHandedOff();
          }}
        />
      )}
    </div>
  );
}

function CustomerFacts({
  customer,
  onChange,
  onAgreementsChanged,
  onHandedOff,
}: {
  readonly customer: CustomerContext;
  readonly onChange: (next: CustomerContext) => void;
  readonly onAgreementsChanged: () => void;
  readonly onHandedOff: (next: CustomerContext) => void;
}) {
  const locale = useRouteLocale();
  return (
    <>
      <section className="ws-profile card" aria-label={customer.nickname}>
        {customer.avatarUrl === "" ? null : (
          <img
            className="staff-avatar"
            src={customer.avatarUrl}
            alt=""
            width={48}
            height={48}
          />
        )}
        <div>
          <p className="ws-profile-name">{customer.nickname}</p>
          <p className="muted ws-profile-sub">
            <Trans>
              注册于{" "}
              <time dateTime={customer.createdAt}>
                {formatDate(customer.createdAt, locale)}
              </time>
            </Trans>
          </p>
        </div>
      </section>
      <dl className="ws-facts card">
        <div>
          <dt>
            <Trans>负责人</Trans>
          </dt>
          <dd data-testid="ws-assignee">
            {customer.assignedTo?.nickname ?? <Trans>尚未分配</Trans>}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>邀请人</Trans>
          </dt>
          <dd>{customer.invitedBy?.nickname ?? <Trans>无</Trans>}</dd>
        </div>
        <div>
          <dt>
            <Trans>邀请人数</Trans>
          </dt>
          <dd>{customer.invitees}</dd>
        </div>
      </dl>
      <HandOff customer={customer} onDone={onHandedOff} />
      <CustomerOrders userId={customer.userId} />
      <Agreements customer={customer} onSent={onAgreementsChanged} />
      <CustomerNote customer={customer} onSaved={onChange} />
    </>
  );
}

function Agreements({
  customer,
  onSent,
}: {
  readonly customer: CustomerContext;
  readonly onSent: () => void;
}) {
  const locale = useRouteLocale();
  const { user } = useSnapshot(session);
  if (customer.agreements.length === 0 && !sendsAgreements(user)) return null;
  return (
    <section className="ws-section" aria-labelledby="ws-agreements-title">
      <h3 id="ws-agreements-title">
        <Trans>祈福协议</Trans>
      </h3>
      {/* NOTE: the workspace's only one: the thread's header leaves it out for the name. */}
      <SendAgreementButton
        peerImId={customer.imId}
        peerName={customer.nickname}
        onClosed={onSent}
      />
      {customer.agreements.length === 0 ? null : (
        <ul className="ws-agreements">
          {customer.agreements.map((agreement) => (
            <li key={agreement.id} className="card">
              <span>
                <Trans>订单 #{agreement.masterId}</Trans>
              </span>
              {agreement.signedAt === null ? (
                <span className="chip">
                  <Trans>待签署</Trans>
                </span>
              ) : (
                <span className="chip ws-signed">
                  <Trans>
                    已签署{" "}
                    <time dateTime={agreement.signedAt}>
                      {formatDate(agreement.signedAt, locale)}
                    </time>
                  </Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
