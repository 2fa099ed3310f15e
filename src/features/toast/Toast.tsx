// Renders the global toast at the top of the screen. Two live regions are always present, so
// screen readers announce the message: status (polite) for success/info, alert otherwise.
import { useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { close, toastState, type ToastType } from "../../state/toast";
import { AlertIcon, CheckIcon, CloseIcon, ErrorIcon } from "../../ui/icons";

function ToastIcon({ type }: { type: ToastType }) {
  if (type === "success") return <CheckIcon className="toast-icon" />;
  if (type === "warning") return <AlertIcon className="toast-icon" />;
  return <ErrorIcon className="toast-icon" />;
}

function isPolite(type: ToastType): boolean {
  return type === "success" || type === "info";
}

export function Toast() {
  const { t } = useLingui();
  // NOTE: sync, so a toast opened and closed in one task still renders (and tests see it at once).
  const snap = useSnapshot(toastState, { sync: true });
  const body = snap.visible ? (
    <div
      key={snap.seq}
      className={`toast toast-${snap.type}`}
      data-icon={snap.type}
    >
      <ToastIcon type={snap.type} />
      <p className="toast-message">{snap.message}</p>
      {snap.closable ? (
        <button
          type="button"
          className="icon-btn toast-close"
          onClick={close}
          aria-label={t`关闭`}
        >
          <CloseIcon size={18} />
        </button>
      ) : null}
    </div>
  ) : null;
  const polite = isPolite(snap.type);
  return (
    <div className="toast-region">
      <div role="status" aria-live="polite">
        {polite ? body : null}
      </div>
      <div role="alert">{polite ? null : body}</div>
    </div>
  );
}
