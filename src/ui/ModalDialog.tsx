// A modal layer (confirmations, pickers, sheets, image viewers) on the native <dialog>, opened
// with showModal(): the browser makes the page behind inert and shows the backdrop. This component
// adds the label, the first focus (initialFocus, else the browser's: the first focusable element),
// Tab wrapping from the last control to the first and back (the browser would step out to its own
// toolbar first), closing through onClose on Escape, the phone's back gesture or a tap on the
// backdrop (so the caller decides, e.g. not while busy), and focus back to where it was.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { createPortal } from "react-dom";
import "./modalDialog.css";

const FOCUSABLE =
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a CSS selector
  'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab on the last control goes to the first, Shift+Tab on the first to the last. */
function wrapTab(event: KeyboardEvent<HTMLDialogElement>): void {
  const focusable = [
    ...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE),
  ];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (first === undefined || last === undefined) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === event.currentTarget)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

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

export function ModalDialog({
  labelledBy,
  onClose,
  role = "dialog",
  className,
  initialFocus,
  children,
}: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const closing = useRef(false);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  // NOTE: a layout effect: open before the first paint, and before the callers' own effects
  // move focus inside (an element of a closed dialog cannot take focus).
  useLayoutEffect(() => {
    const element = dialog.current;
    if (element === null) return;
    closing.current = false;
    const previous =
      document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    if (!element.open) element.showModal();
    initialFocus?.current?.focus();
    return () => {
      closing.current = true;
      if (element.open) element.close();
      if (previous?.isConnected === true) previous.focus();
    };
  }, [initialFocus]);

  return createPortal(
    <dialog
      ref={dialog}
      className={
        className === undefined ? "modal-dialog" : `modal-dialog ${className}`
      }
      role={role}
      aria-modal="true"
      aria-labelledby={labelledBy}
      onKeyDown={(event) => {
        if (event.key === "Tab") {
          wrapTab(event);
          return;
        }
        if (event.key !== "Escape") return;
        // NOTE: handled here rather than by the browser's cancel, which Chrome may refuse to let
        // a page prevent; the caller decides whether to close.
        event.preventDefault();
        event.stopPropagation();
        close.current();
      }}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
      onClose={(event) => {
        if (closing.current) return;
        // A close request the page could not prevent: ask the caller, and stay open if it keeps
        // the dialog.
        close.current();
        const element = event.currentTarget;
        if (element.isConnected && !element.open) element.showModal();
      }}
      onMouseDown={(event) => {
        // A press on the backdrop targets the dialog itself, outside its box.
        if (event.target !== event.currentTarget) return;
        const box = event.currentTarget.getBoundingClientRect();
        const { clientX: x, clientY: y } = event;
        if (x < box.left || x > box.right || y < box.top || y > box.bottom)
          close.current();
      }}
    >
      {children}
    </dialog>,
    document.body,
  );
}
