// The toast store (open/close, defaults, auto-hide) and the Toast component (icons, roles, close).
import { act, fireEvent, render, screen } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import {
  close,
  open,
  toastState,
  TOAST_DEFAULT_DURATION_MS,
} from "../../../src/state/toast";
import { Toast } from "../../../src/features/toast/Toast";

function renderToast() {
  return render(
    <I18nProvider i18n={i18n}>
      <Toast />
    </I18nProvider>,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  close();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("toast store", () => {
  it("opens with defaults (2000 ms, not closable) and hides after the duration", () => {
    open({ type: "success", message: "已保存" });
    expect(toastState).toMatchObject({
      visible: true,
      type: "success",
      message: "已保存",
      closable: false,
    });
    expect(TOAST_DEFAULT_DURATION_MS).toBe(2000);
    vi.advanceTimersByTime(1999);
    expect(toastState.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toastState.visible).toBe(false);
  });

  it("uses a custom duration", () => {
    open({ type: "info", message: "x", duration: 500 });
    vi.advanceTimersByTime(499);
    expect(toastState.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(toastState.visible).toBe(false);
  });

  it("keeps a closable toast until close()", () => {
    open({ type: "error", message: "失败", closable: true, duration: 100 });
    vi.advanceTimersByTime(60_000);
    expect(toastState.visible).toBe(true);
    close();
    expect(toastState.visible).toBe(false);
  });

  it("a new toast replaces the old one and restarts the timer", () => {
    open({ type: "info", message: "first", duration: 1000 });
    vi.advanceTimersByTime(800);
    open({ type: "warning", message: "second", duration: 1000 });
    vi.advanceTimersByTime(800);
    expect(toastState).toMatchObject({ visible: true, message: "second" });
    vi.advanceTimersByTime(200);
    expect(toastState.visible).toBe(false);
  });
});

describe("Toast component", () => {
  it("shows a check icon in a status region for success", () => {
    renderToast();
    act(() => {
      open({ type: "success", message: "支付成功" });
    });
    const status = screen.getByRole("status");
    expect(status).toHaveProperty("textContent", "支付成功");
    expect(status.querySelector("[data-icon='success']")).not.toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("");
  });

  it("announces info politely too", () => {
    renderToast();
    act(() => {
      open({ type: "info", message: "提示" });
    });
    expect(screen.getByRole("status").textContent).toBe("提示");
  });

  it("shows an alert icon in an alert region for warning, an error icon otherwise", () => {
    renderToast();
    act(() => {
      open({ type: "warning", message: "注意" });
    });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toBe("注意");
    const warningIcon = alert.querySelector("svg.toast-icon")?.innerHTML;

    act(() => {
      open({ type: "error", message: "出错了" });
    });
    const errorIcon = screen
      .getByRole("alert")
      .querySelector("svg.toast-icon")?.innerHTML;
    expect(warningIcon).toBeDefined();
    expect(errorIcon).toBeDefined();
    expect(errorIcon).not.toBe(warningIcon);
    expect(
      screen.getByRole("alert").querySelector("[data-icon='error']"),
    ).not.toBeNull();
  });

  it("hides a non-closable toast after its duration", () => {
    renderToast();
    act(() => {
      open({ type: "success", message: "好" });
    });
    expect(screen.queryByText("好")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "关闭" })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.queryByText("好")).toBeNull();
  });

  it("a closable toast stays until its close button is pressed", () => {
    renderToast();
    act(() => {
      open({ type: "error", message: "网络错误", closable: true });
    });
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.queryByText("网络错误")).not.toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "关闭" }));
    expect(screen.queryByText("网络错误")).toBeNull();
  });
});
