// /register (signed-in users): the fate-together sign-up (title from the explicit message id
// `fateTogether.title`). Shows my sign-up's status; while pending (or before any) the form
// creates or updates it; once matched or closed it is read-only.
import { useId, useState, type SyntheticEvent } from "react";
import { getRouteApi } from "@tanstack/react-router";
import { Trans, useLingui } from "@lingui/react/macro";
import type { FateSignup } from "../../api/fate";
import { submitFateSignup } from "../../api/fate";
import { refusalTextOf, refusedFieldOf } from "../../api/ApiError";
import { formatDateTime } from "../../lib/format";
import { useRouteLocale } from "../../i18n/useRouteLocale";
import { fieldErrorText, focusFormField } from "../../ui/fieldErrors";
import { open as openToast } from "../../state/toast";
import { Field } from "../../ui/Field";
import { TextAreaField } from "../../ui/TextAreaField";
import { characterCounter } from "../../ui/characterCounter";
import { usePageTitle } from "../../ui/usePageTitle";
import { localToday, textLength } from "../../lib/formText";
import {
  checkFateForm,
  fateFieldNamed,
  fateInput,
  FATE_FIELDS,
  FATE_LIMITS,
  type FateField,
  type FateFormErrors,
  type FateFormValues,
} from "./fateForm";
import { FateStatusCard } from "./FateStatusCard";
import { shichenChoices, shichenValueOf } from "./shichenLabels";
import "../orders/orders.css";

const route = getRouteApi("/{-$locale}/register");

function initialValues(signup: FateSignup | null): FateFormValues {
  return {
    name: signup?.name ?? "",
    gender: signup?.gender ?? "",
    birthDate: signup?.birthDate ?? "",
    birthHour: shichenValueOf(signup?.birthHour),
    wish: signup?.wish ?? "",
  };
}

export function FateTogetherPage() {
  const { t, i18n } = useLingui();
  const title = t({ id: "fateTogether.title", message: "共结善缘报名" });
  usePageTitle(title);
  const loaded = route.useLoaderData();
  const locale = useRouteLocale();
  const id = useId();
  const [signup, setSignup] = useState<FateSignup | null>(loaded);
  const [values, setValues] = useState(() => initialValues(loaded));
  const [errors, setErrors] = useState<FateFormErrors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const editable = signup === null || signup.status === "pending";
  const count = textLength(values.wish);
  const max = FATE_LIMITS.maxWish;
  const set = (patch: Partial<FateFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
  };
  const text = (field: FateField) => fieldErrorText(i18n, errors, field);
  const focus = (field: FateField) => {
    focusFormField(id, field);
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const next = checkFateForm(values, localToday());
    setErrors(next);
    setFormError(undefined);
    const first = FATE_FIELDS.find((field) => next[field] !== undefined);
    if (first !== undefined) {
      focus(first);
      return;
    }
    setBusy(true);
    try {
      const saved = await submitFateSignup(fateInput(values));
      setSignup(saved);
      openToast({ type: "success", message: t`报名信息已保存` });
    } catch (error) {
      const message = refusalTextOf(error) ?? t`提交失败，请稍后重试`;
      const field = fateFieldNamed(refusedFieldOf(error));
      if (field === undefined) setFormError(message);
      else {
        setErrors({ [field]: message });
        focus(field);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page register-page">
      <header className="page-head">
        <h1>{title}</h1>
        <p className="muted">
          <Trans>留下您的信息与心愿，法师将为有缘人牵线祈福。</Trans>
        </p>
      </header>
      {signup === null ? null : (
        <FateStatusCard
          status={signup.status}
          updatedAt={formatDateTime(signup.updatedAt, locale)}
        />
      )}
      {editable ? (
        <form
          className="card order-fieldset"
          noValidate
          aria-busy={busy}
          onSubmit={(event) => {
            void submit(event);
          }}
        >
          <Field
            id={`${id}-name`}
            label={t`姓名`}
            error={text("name")}
            autoComplete="name"
            value={values.name}
            onChange={(event) => {
              set({ name: event.target.value });
            }}
          />
          <fieldset
            className={
              errors.gender === undefined ? "field" : "field has-error"
            }
            aria-describedby={
              errors.gender === undefined ? undefined : `${id}-gender-error`
            }
          >
            <legend className="field-label">
              <Trans>性别</Trans>
            </legend>
            <div className="register-genders">
              <label className="order-consent">
                <input
                  id={`${id}-gender`}
                  type="radio"
                  name={`${id}-gender`}
                  checked={values.gender === "male"}
                  onChange={() => {
                    set({ gender: "male" });
                  }}
                />
                <span>
                  <Trans>男</Trans>
                </span>
              </label>
              <label className="order-consent">
                <input
                  type="radio"
                  name={`${id}-gender`}
                  checked={values.gender === "female"}
                  onChange={() => {
                    set({ gender: "female" });
                  }}
                />
                <span>
                  <Trans>女</Trans>
                </span>
              </label>
            </div>
            {errors.gender === undefined ? null : (
              <p id={`${id}-gender-error`} className="field-error">
                {text("gender")}
              </p>
            )}
          </fieldset>
          <Field
            id={`${id}-birthDate`}
            label={t`出生日期`}
            error={text("birthDate")}
            type="date"
            min="1900-01-01"
            max={localToday()}
            value={values.birthDate}
            onChange={(event) => {
              set({ birthDate: event.target.value });
            }}
          />
          <div className="field">
            <label className="field-label" htmlFor={`${id}-birthHour`}>
              <Trans>出生时辰（可选）</Trans>
            </label>
            <select
              id={`${id}-birthHour`}
              className="order-textarea register-select"
              value={values.birthHour}
              onChange={(event) => {
                set({ birthHour: event.target.value });
              }}
            >
              <option value="">{t`不详`}</option>
              {shichenChoices(i18n).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
          <TextAreaField
            id={`${id}-wish`}
            label={<Trans>心愿</Trans>}
            rows={4}
            value={values.wish}
            error={text("wish")}
            counter={characterCounter(count, max)}
            onChange={(wish) => {
              set({ wish });
            }}
          />
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
            {signup === null ? (
              <Trans>提交报名</Trans>
            ) : (
              <Trans>更新报名</Trans>
            )}
          </button>
        </form>
      ) : null}
    </div>
  );
}
