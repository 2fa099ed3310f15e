// /admin/applications: manager applications by status (pending first), one page at a time. A
// pending one is approved behind a confirm step, or rejected with a reason the applicant reads.
import { useEffect, useRef, useState } from "react";
import { Link } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import { ADMIN_LIMITS } from "#contract";
import { useLocaleParam, useRouteLocale } from "../../i18n/useRouteLocale";
import { formatDateTime } from "../../lib/format";
import { Pagination } from "../../ui/Pagination";
import { TextAreaField } from "../../ui/TextAreaField";
import { usePageTitle } from "../../ui/usePageTitle";
import {
  type Application,
  approveApplication,
  type ManagerStatus,
  rejectApplication,
} from "./adminApi";
import { STATUS_EMPTY, STATUS_LABELS } from "./adminLabels";
import { ADMIN_PAGE_SIZE } from "./adminSearch";
import type { ApplicationsData } from "./adminLoaders";
import { ActionError, ConfirmStep } from "./ConfirmStep";
import { useAdminAction } from "./useAdminAction";

const STATUSES: readonly ManagerStatus[] = ["pending", "approved", "rejected"];

export function ApplicationsPage({
  data,
}: {
  readonly data: ApplicationsData;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocaleParam();
  usePageTitle(t`经理申请`);
  return (
    <section aria-labelledby="admin-applications-title">
      <h2 id="admin-applications-title" className="admin-title">
        <Trans>经理申请</Trans>
      </h2>
      <nav className="admin-tabs" aria-label={t`申请状态`}>
        {STATUSES.map((status) => (
          <Link
            key={status}
            to="/{-$locale}/admin/$section"
            params={{ locale, section: "applications" }}
            search={{ status }}
            className="admin-tab"
            aria-current={status === data.status ? "page" : undefined}
          >
            {i18n._(STATUS_LABELS[status])}
          </Link>
        ))}
      </nav>
      {data.page.list.length === 0 ? (
        <p className="empty">{i18n._(STATUS_EMPTY[data.status])}</p>
      ) : (
        <ul className="admin-list">
          {data.page.list.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={data.page.page}
        pageSize={ADMIN_PAGE_SIZE}
        total={data.page.total}
      />
    </section>
  );
}

function ApplicationCard({ application }: { application: Application }) {
  const { t, i18n } = useLingui();
  const locale = useRouteLocale();
  const action = useAdminAction();
  const [step, setStep] = useState<"idle" | "approve" | "reject">("idle");
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (step === "reject") reasonRef.current?.focus();
  }, [step]);
  const id = `application-${String(application.id)}`;
  const who = application.applicant;
  const cancel = () => {
    setStep("idle");
    setMissing(false);
  };
  const reject = async () => {
    if (reason.trim() === "") {
      setMissing(true);
      return;
    }
    if (
      await action.run(() => rejectApplication(application.id, reason), {
        done: t`已拒绝申请`,
        fallback: t`拒绝失败，请稍后再试`,
      })
    )
      setStep("idle");
  };
  return (
    <article className="card admin-card" aria-labelledby={`${id}-name`}>
      <header className="admin-card-head">
        <h3 id={`${id}-name`}>{application.name}</h3>
        <span className="chip">
          {i18n._(STATUS_LABELS[application.status])}
        </span>
      </header>
      <dl className="admin-facts">
        <dt>
          <Trans>申请人</Trans>
        </dt>
        <dd>
          {who.nickname} <span className="muted">({who.imId})</span>
        </dd>
        <dt>
          <Trans>手机号</Trans>
        </dt>
        <dd>{application.phone}</dd>
        <dt>
          <Trans>地区</Trans>
        </dt>
        <dd>{application.region}</dd>
        <dt>
          <Trans>申请时间</Trans>
        </dt>
        <dd>{formatDateTime(application.createdAt, locale)}</dd>
        {application.decidedAt === null ? null : (
          <>
            <dt>
              <Trans>处理时间</Trans>
            </dt>
            <dd>{formatDateTime(application.decidedAt, locale)}</dd>
          </>
        )}
      </dl>
      <p className="admin-quote">{application.reason}</p>
      {application.rejectReason === null ? null : (
        <p className="admin-reject-reason">
          <Trans>拒绝理由：{application.rejectReason}</Trans>
        </p>
      )}
      {application.status !== "pending" ? null : step === "idle" ? (
        <div className="admin-buttons">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setStep("approve");
            }}
          >
            <Trans>通过</Trans>
          </button>
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setStep("reject");
            }}
          >
            <Trans>拒绝</Trans>
          </button>
        </div>
      ) : step === "approve" ? (
        <ConfirmStep
          question={
            <Trans>
              确定通过 {application.name} 的申请吗？{who.nickname}{" "}
              将成为推广经理。
            </Trans>
          }
          confirm={<Trans>确认通过</Trans>}
          busy={action.busy}
          onConfirm={() => {
            void action
              .run(() => approveApplication(application.id), {
                done: t`已通过申请`,
                fallback: t`操作失败，请稍后再试`,
              })
              .then((done) => {
                if (done) setStep("idle");
              });
          }}
          onCancel={cancel}
        />
      ) : (
        <form
          noValidate
          aria-label={t`拒绝申请`}
          onSubmit={(event) => {
            event.preventDefault();
            void reject();
          }}
        >
          <TextAreaField
            id={`${id}-reason`}
            label={<Trans>拒绝理由</Trans>}
            hint={<Trans>申请人会在“我的 › 管理员申请”中看到这个理由</Trans>}
            error={missing ? t`请填写拒绝理由` : undefined}
            rows={3}
            maxLength={ADMIN_LIMITS.rejectReasonMaxChars}
            value={reason}
            required
            ref={reasonRef}
            disabled={action.busy}
            onChange={(text) => {
              setReason(text);
              setMissing(false);
            }}
          />
          <div className="admin-buttons">
            <button
              type="submit"
              className="btn admin-danger"
              disabled={action.busy}
              aria-busy={action.busy}
            >
              <Trans>确认拒绝</Trans>
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={action.busy}
              onClick={cancel}
            >
              <Trans>取消</Trans>
            </button>
          </div>
        </form>
      )}
      <ActionError error={action.error} />
    </article>
  );
}
