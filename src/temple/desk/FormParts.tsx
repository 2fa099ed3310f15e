// Pieces of the desk's forms: the card a move's form sits in (its heading names it), the refusal in
// the user's words, the send button (reading "正在提交…" while a move is under way) and a send /
// cancel pair.
import { useId, type ReactNode, type Ref, type SyntheticEvent } from "react";
import { Trans } from "@lingui/react/macro";

export function ActionError({ error }: { readonly error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p className="form-error" role="alert">
      {error}
    </p>
  );
}

interface SendButtonProps {
  readonly busy: boolean;
  readonly children: ReactNode;
  /** A form's submit button (default), or a plain button that calls onClick. */
  readonly onClick?: () => void;
  readonly block?: boolean;
  readonly ref?: Ref<HTMLButtonElement>;
}

export function SendButton({
  busy,
  children,
  onClick,
  block = false,
  ref,
}: SendButtonProps) {
  return (
    <button
      ref={ref}
      type={onClick === undefined ? "submit" : "button"}
      className={block ? "btn btn-primary btn-block" : "btn btn-primary"}
      disabled={busy}
      onClick={onClick}
    >
      {busy ? <Trans>正在提交…</Trans> : children}
    </button>
  );
}

/** The send button and 取消 side by side. */
export function SendOrCancel({
  cancel,
  ...send
}: Omit<SendButtonProps, "block"> & { readonly cancel: () => void }) {
  return (
    <div className="staff-action-buttons">
      <SendButton {...send} />
      <button
        type="button"
        className="btn btn-ghost"
        disabled={send.busy}
        onClick={cancel}
      >
        <Trans>取消</Trans>
      </button>
    </div>
  );
}

/** A move's form: a card named by its heading, with a line on what the move does. */
export function ActionForm({
  title,
  lead,
  busy,
  onSubmit,
  children,
}: {
  readonly title: ReactNode;
  readonly lead: ReactNode;
  readonly busy: boolean;
  readonly onSubmit: (event: SyntheticEvent<HTMLFormElement>) => void;
  readonly children: ReactNode;
}) {
  const id = useId();
  return (
    <form
      className="card staff-action"
      aria-labelledby={id}
      aria-busy={busy}
      noValidate
      onSubmit={onSubmit}
    >
      <h3 id={id}>{title}</h3>
      <p className="muted staff-action-lead">{lead}</p>
      {children}
    </form>
  );
}
