// The manager programme on /my/manager: my application's status (pending, approved, rejected with the
// reason) or the application form (name, phone, region, reason; errors tied to their fields).
import { useEffect, useId, useState, type SyntheticEvent } from "react";
import { fieldErrorText, focusFormField } from "../../ui/fieldErrors";
import { Trans, useLingui } from "@lingui/react/macro";
import {
  applyForManager,
  fetchManagerInfo,
  type ManagerApplication,
  type ManagerInfo,
} from "../../api/manager";
import { refusalTextOf, refusedFieldOf } from "../../api/ApiError";
import { open as openToast } from "../../state/toast";
import { Field } from "../../ui/Field";
import {
  checkManagerForm,
  managerFieldNamed,
  MANAGER_FIELDS,
  type ManagerErrors,
  type ManagerField,
} from "./managerForm";

export function ManagerCard() {
  const { t } = useLingui();
  const id = useId();
  const [info, setInfo] = useState<ManagerInfo | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    fetchManagerInfo().then(
      (result) => {
        if (live) setInfo(result);
      },
      () => {
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="card my-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="my-section-title">
        <Trans>成为管理员</Trans>
      </h2>
      {loadFailed ? (
        <p className="muted" role="alert">
          <Trans>管理员信息加载失败，请稍后再试。</Trans>
        </p>
      ) : info === null ? (
        <p className="muted" aria-busy="true">
          <Trans>正在加载…</Trans>
        </p>
      ) : info.status === "pending" ? (
        <p className="muted" role="status">
          <Trans>您的申请正在审核中，请耐心等待。</Trans>
        </p>
      ) : info.status === "approved" ? (
        <p role="status">
          <Trans>您已是管理员，可以邀请更多善信共修。</Trans>
        </p>
      ) : (
        <>
          {info.status === "rejected" ? (
            <p className="form-error" role="status">
              {info.rejectReason === null ? (
                <Trans>上次申请未通过，您可以重新申请。</Trans>
              ) : (
                <Trans>上次申请未通过：{info.rejectReason}</Trans>
              )}
            </p>
          ) : (
            <p className="muted my-section-lead">
              <Trans>管理员可以带领善信共修，并查看所邀请的全部成员。</Trans>
            </p>
          )}
          <ManagerForm
            id={id}
            onApplied={(next) => {
              setInfo(next);
              openToast({ type: "success", message: t`申请已提交` });
            }}
          />
        </>
      )}
    </section>
  );
}

function ManagerForm({
  id,
  onApplied,
}: {
  id: string;
  onApplied: (info: ManagerInfo) => void;
}) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState<ManagerApplication>({
    name: "",
    phone: "",
    region: "",
    reason: "",
  });
  const [errors, setErrors] = useState<ManagerErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const text = (field: ManagerField) => fieldErrorText(i18n, errors, field);
  const focus = (field: ManagerField) => {
    focusFormField(id, field);
  };
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next = checkManagerForm(values);
    setErrors(next);
    setFormError(undefined);
    const first = MANAGER_FIELDS.find((field) => next[field] !== undefined);
    if (first !== undefined) {
      focus(first);
      return;
    }
    setBusy(true);
    try {
      onApplied(
        await applyForManager({
          name: values.name.trim(),
          phone: values.phone.trim(),
          region: values.region.trim(),
          reason: values.reason.trim(),
        }),
      );
    } catch (error) {
      const message = refusalTextOf(error) ?? t`提交失败，请稍后重试`;
      const field = managerFieldNamed(refusedFieldOf(error));
      if (field === undefined) setFormError(message);
      else {
        setErrors({ [field]: message });
        focus(field);
      }
      setBusy(false);
    }
  };
  const field = (name: ManagerField, label: string, extra = {}) => (
    <Field
      id={`${id}-${name}`}
      label={label}
      error={text(name)}
      value={values[name]}
      onChange={(event) => {
        const value = event.target.value;
        setValues((current) => ({ ...current, [name]: value }));
      }}
      {...extra}
    />
  );
  return (
    <form
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {field("name", t`姓名`, { autoComplete: "name" })}
      {field("phone", t`手机号`, {
        type: "tel",
        inputMode: "numeric",
        autoComplete: "tel-national",
        maxLength: 11,
      })}
      {field("region", t`所在地区`)}
      {field("reason", t`申请理由`)}
      {formError === undefined ? null : (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy}
      >
        <Trans>提交申请</Trans>
      </button>
    </form>
  );
}
