// Phone or e-mail sign-in: the address (phone with the fixed area code +86), a 6-digit code with
// its send button and resend countdown, and the server's message when the login is refused.
// Invalid fields get their error tied to the input and receive focus.
import { useId, useRef, useState, type SyntheticEvent } from "react";
import { useLingui } from "@lingui/react/macro";
import { sendEmailCode, sendPhoneCode } from "../../api/accounts";
import { AREA_CODE } from "../../api/accountTypes";
import { loginWithCode } from "../../session/accountActions";
import { Field } from "../../ui/Field";
import {
  checkCode,
  checkEmail,
  checkPhone,
  normalizeEmail,
  normalizePhone,
} from "./accountValidation";
import { SendCodeButton } from "./SendCodeButton";
import { useCodeSender } from "./useCodeSender";

export type CodeLoginKind = "phone" | "email";

interface FieldErrors {
  account?: string | undefined;
  code?: string | undefined;
}

export function CodeLoginForm({ kind }: { kind: CodeLoginKind }) {
  const { t } = useLingui();
  const id = useId();
  const accountRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const [account, setAccount] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const sender = useCodeSender();

  const phone = kind === "phone";
  const normalized = phone ? normalizePhone(account) : normalizeEmail(account);
  const checkAccount = phone ? checkPhone : checkEmail;
  const formErrorId = `${id}-form-error`;

  const sendCode = async () => {
    const accountError = checkAccount(account);
    setErrors((current) => ({ ...current, account: accountError }));
    setFormError(undefined);
    if (accountError !== undefined) {
      accountRef.current?.focus();
      return;
    }
    const problem = await sender.send(() =>
      phone ? sendPhoneCode(normalized) : sendEmailCode(normalized),
    );
    if (problem === undefined) codeRef.current?.focus();
    else {
      setFormError(problem);
      accountRef.current?.focus();
    }
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {
      account: checkAccount(account),
      code: checkCode(code),
    };
    setErrors(next);
    setFormError(undefined);
    if (next.account !== undefined) {
      accountRef.current?.focus();
      return;
    }
    if (next.code !== undefined) {
      codeRef.current?.focus();
      return;
    }
    setSubmitting(true);
    const result = await loginWithCode({
      account: normalized,
      code: code.trim(),
      ...(phone ? { areaCode: AREA_CODE } : {}),
    });
    setSubmitting(false);
    if (!result.success) {
      setFormError(result.message);
      codeRef.current?.focus();
      codeRef.current?.select();
    }
  };

  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={submitting}
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      {phone ? (
        <Field
          ref={accountRef}
          id={`${id}-phone`}
          label={t`手机号`}
          prefix={`+${AREA_CODE}`}
          hint={t`中国大陆手机号，区号 +86`}
          error={errors.account}
          describedBy={formError === undefined ? undefined : formErrorId}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={13}
          placeholder={t`请输入手机号`}
          value={account}
          onChange={(event) => {
            setAccount(event.target.value);
          }}
        />
      ) : (
        <Field
          ref={accountRef}
          id={`${id}-email`}
          label={t`邮箱`}
          error={errors.account}
          describedBy={formError === undefined ? undefined : formErrorId}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          placeholder={t`请输入邮箱地址`}
          value={account}
          onChange={(event) => {
            setAccount(event.target.value);
          }}
        />
      )}
      <Field
        ref={codeRef}
        id={`${id}-code`}
        label={t`验证码`}
        error={errors.code}
        describedBy={formError === undefined ? undefined : formErrorId}
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
        {submitting ? t`登录中…` : t`登录`}
      </button>
    </form>
  );
}
