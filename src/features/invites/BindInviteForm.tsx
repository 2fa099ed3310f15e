// Binding my inviter's code: one field, the server's refusal (unknown code, my own code, already
// bound, a cycle) shown on it.
import { useId, useState, type SyntheticEvent } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { bindInviteCode, type InviteInfo } from "../../api/invites";
import { refusalTextOf } from "../../api/ApiError";
import { open as openToast } from "../../state/toast";
import { Field } from "../../ui/Field";

export function BindInviteForm({
  initialCode = "",
  onBound,
}: {
  initialCode?: string;
  onBound: (info: InviteInfo) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const value = code.trim();
    if (value === "") {
      setError(t`请输入邀请码`);
      document.getElementById(`${id}-code`)?.focus();
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const info = await bindInviteCode(value);
      openToast({ type: "success", message: t`邀请码绑定成功` });
      onBound(info);
    } catch (failure) {
      setError(refusalTextOf(failure) ?? t`绑定失败，请稍后重试`);
      document.getElementById(`${id}-code`)?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <Field
        id={`${id}-code`}
        label={t`邀请人的邀请码`}
        error={error}
        autoCapitalize="characters"
        autoComplete="off"
        maxLength={32}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
        }}
      />
      <button
        type="submit"
        className="btn btn-primary btn-block"
        disabled={busy}
      >
        <Trans>绑定邀请码</Trans>
      </button>
    </form>
  );
}
