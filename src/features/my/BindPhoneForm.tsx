// Binding a phone number to an account that has none: phone (+86) and a 6-digit code with its
// send button and resend countdown. Field errors are tied to their inputs and receive focus.
import { useId, useRef, useState, type SyntheticEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { sendPhoneCode } from "../../api/accounts";
import { AREA_CODE } from "../../api/accountTypes";
import { bindPhoneNumber } from "../../session/accountActions";
import { open as openToast } from "../../state/toast";
import { Field } from "../../ui/Field";
import {
  checkCode,
  checkPhone,
  normalizePhone,
} from "../auth/accountValidation";
import { SendCodeButton } from "../auth/SendCodeButton";
import { useCodeSender } from "../auth/useCodeSender";

interface FieldErrors {
  phone?: string | undefined;
  code?: string | undefined;
}

export function BindPhoneForm({ onBound }: { onBound: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const sender = useCodeSender();
  const formErrorId = `${id}-form-error`;
  const describedBy = formError === undefined ? undefined : formErrorId;

  const sendCode = async () => {
    const phoneError = checkPhone(phone);
    setErrors((current) => ({ ...current, phone: phoneError }));
    setFormError(undefined);
    if (phoneError !== undefined) {
      phoneRef.current?.focus();
      return;
    }
    const problem = await sender.send(() =>
      sendPhoneCode(normalizePhone(phone)),
    );
    if (problem === undefined) codeRef.current?.focus();
    else {
      setFormError(problem);
      phoneRef.current?.focus();
    }
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {
      phone: checkPhone(phone),
      code: checkCode(code),
    };
    setErrors(next);
    setFormError(undefined);
    if (next.phone !== undefined) {
      phoneRef.current?.focus();
      return;
    }
    if (next.code !== undefined) {
      codeRef.current?.focus();
      return;
    }
    setSubmitting(true);
    const result = await bindPhoneNumber({
      phone: normalizePhone(phone),
      code: code.trim(),
    });
    setSubmitting(false);
    if (result.success) {
      openToast({ type: "success", message: t`手机号绑定成功` });
      onBound();
    } else {
      setFormError(result.message);
      codeRef.current?.focus();
    }
  };

  return (
    <section className="card my-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="my-section-title">
        <Trans>绑定手机号</Trans>
      </h2>
      <p className="muted my-section-lead">
        <Trans>绑定后可以使用手机号和验证码登录。</Trans>
      </p>
      <form
        noValidate
        aria-busy={submitting}
        onSubmit={(event) => {
          void submit(event);
        }}
      >
        <Field
          ref={phoneRef}
          id={`${id}-phone`}
          label={t`手机号`}
          prefix={`+${AREA_CODE}`}
          hint={t`中国大陆手机号，区号 +86`}
          error={errors.phone}
          describedBy={describedBy}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={13}
          placeholder={t`请输入手机号`}
          value={phone}
          onChange={(event) => {
            setPhone(event.target.value);
          }}
        />
        <Field
          ref={codeRef}
          id={`${id}-code`}
          label={t`验证码`}
          error={errors.code}
          describedBy={describedBy}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t`6 位数字`}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
          }}
          action={
            <SendCodeButton
              remaining={sender.remaining}
              sending={sender.sending}
              sent={sender.sent}
              onSend={() => {
                void sendCode();
              }}
            />
          }
        />
        <div id={formErrorId} role="alert">
          {formError === undefined ? null : (
            <p className="form-error">{formError}</p>
          )}
        </div>
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={submitting}
        >
          {submitting ? t`绑定中…` : t`绑定手机号`}
        </button>
      </form>
    </section>
  );
}
