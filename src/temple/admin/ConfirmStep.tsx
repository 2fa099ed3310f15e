// The confirm step of a destructive or weighty admin action: the question, then the action's own
// button and Cancel. Focus moves to the confirm button when the step opens, and back to the
// button that opened it on Cancel (the caller's `onCancel`).
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Trans } from "@lingui/react/macro";

interface ConfirmStepProps {
  readonly question: ReactNode;
  readonly confirm: ReactNode;
  readonly busy: boolean;
  readonly danger?: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

export function ConfirmStep({
  question,
  confirm,
  busy,
  danger = false,
  onConfirm,
  onCancel,
}: ConfirmStepProps) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <div className="admin-confirm" role="group" aria-labelledby={id}>
      <p id={id}>{question}</p>
      <div className="admin-buttons">
        <button
          ref={button}
          type="button"
          className={danger ? "btn admin-danger" : "btn btn-primary"}
          disabled={busy}
          aria-busy={busy}
          onClick={onConfirm}
        >
          {confirm}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy}
          onClick={onCancel}
        >
          <Trans>取消</Trans>
        </button>
      </div>
    </div>
  );
}

/** The sentence of a refusal, announced as it appears. */
export function ActionError({ error }: { readonly error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}
