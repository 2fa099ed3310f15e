// The global toast (valtio): one message at a time at the top of the screen. Non-closable
// toasts hide after their duration; closable ones stay until close() (their close button).
import { proxy } from "valtio";

export type ToastType = "success" | "info" | "warning" | "error";

export interface ToastOptions {
  type: ToastType;
  /** Already translated text. */
  message: string;
  /** Milliseconds before a non-closable toast hides. */
  duration?: number;
  closable?: boolean;
}

export const TOAST_DEFAULT_DURATION_MS = 2000;

export interface ToastState {
  visible: boolean;
  type: ToastType;
  message: string;
  closable: boolean;
  /** Increments on every open, so a repeated message is announced again. */
  seq: number;
}

export const toastState = proxy<ToastState>({
  visible: false,
  type: "info",
  message: "",
  closable: false,
  seq: 0,
});

let hideTimer: ReturnType<typeof setTimeout> | undefined;

function clearHideTimer(): void {
  if (hideTimer !== undefined) clearTimeout(hideTimer);
  hideTimer = undefined;
}

/** Shows a toast, replacing the current one. */
export function open({
  type,
  message,
  duration = TOAST_DEFAULT_DURATION_MS,
  closable = false,
}: ToastOptions): void {
  clearHideTimer();
  toastState.type = type;
  toastState.message = message;
  toastState.closable = closable;
  toastState.visible = true;
  toastState.seq += 1;
  if (!closable) hideTimer = setTimeout(close, duration);
}

/** Hides the toast. */
export function close(): void {
  clearHideTimer();
  toastState.visible = false;
}
