// A modal layer for the messenger (delete confirmation, image viewer): a labelled dialog that takes
// focus when it opens, keeps Tab inside, closes on Escape or a backdrop tap, and gives focus back.
import {
  useEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { createPortal } from "react-dom";
import "./chatDialogs.css";

interface ModalDialogProps {
  /** id of the element naming the dialog. */
  readonly labelledBy: string;
  readonly onClose: () => void;
  /** "alertdialog" for confirmations. */
  readonly role?: "dialog" | "alertdialog";
  readonly className?: string;
  /** What gets focus when the dialog opens (default: the first focusable element). */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  readonly children: ReactNode;
}

const FOCUSABLE =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
  'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function ModalDialog({
  labelledBy,
  onClose,
  role = "dialog",
  className,
  initialFocus,
  children,
}: ModalDialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const previous =
      document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    const first =
      initialFocus?.current ??
      panel.current?.querySelector<HTMLElement>(FOCUSABLE) ??
      panel.current;
    first?.focus();
    return () => {
      if (previous?.isConnected === true) previous.focus();
    };
  }, [initialFocus]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== "Tab" || panel.current === null) return;
    const focusable = [
      ...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div
        ref={panel}
        className={className === undefined ? "modal" : `modal ${className}`}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
