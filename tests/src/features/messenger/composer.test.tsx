// The composer's keyboard rules: Enter sends, Shift+Enter is a new line, nothing is sent while an
// input method composes (isComposing, keyCode 229, or between compositionstart and compositionend);
// the send button, blank texts, pasted images, the counter near the worker's text limit and the
// refusal over it.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nProvider } from "@lingui/react";
import { i18n } from "@lingui/core";
import {
  COUNTER_FROM,
  Composer,
} from "../../../../src/features/messenger/Composer";
import { MAX_TEXT_LENGTH } from "../../../../workers/api";
import { isDraftActive } from "../../../../src/pwa/draftActive";
import {
  composerKeyAction,
  type ComposerKey,
} from "../../../../src/features/messenger/composerKeys";

const key = (overrides: Partial<ComposerKey> = {}): ComposerKey => ({
  key: "Enter",
  shiftKey: false,
  altKey: false,
  ctrlKey: false,
  metaKey: false,
  isComposing: false,
  keyCode: 13,
  ...overrides,
});

describe("composerKeyAction", () => {
  it("sends on Enter and Ctrl/Cmd+Enter, breaks the line on Shift/Alt+Enter", () => {
    expect(composerKeyAction(key())).toBe("send");
    expect(composerKeyAction(key({ ctrlKey: true }))).toBe("send");
    expect(composerKeyAction(key({ metaKey: true }))).toBe("send");
    expect(composerKeyAction(key({ shiftKey: true }))).toBe("newline");
    expect(composerKeyAction(key({ altKey: true }))).toBe("newline");
  });

  it("never sends while an input method composes", () => {
    expect(composerKeyAction(key({ isComposing: true }))).toBe("default");
    expect(composerKeyAction(key({ keyCode: 229 }))).toBe("default");
    expect(composerKeyAction(key(), true)).toBe("default");
  });

  it("ignores other keys", () => {
    expect(composerKeyAction(key({ key: "a", keyCode: 65 }))).toBe("default");
  });
});

function renderComposer(result = true) {
  const onSendText = vi.fn((_text: string) => Promise.resolve(result));
  const onSendImages = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <Composer
        label="给 小福 发消息"
        onSendText={onSendText}
        onSendImages={onSendImages}
      />
    </I18nProvider>,
  );
  const box = screen.getByRole("textbox", { name: "给 小福 发消息" });
  return { onSendText, onSendImages, box: box as HTMLTextAreaElement };
}

describe("<Composer>", () => {
  it("sends the text on Enter and empties the box", async () => {
    const { onSendText, box } = renderComposer();
    fireEvent.change(box, { target: { value: "南无阿弥陀佛" } });
    const notPrevented = fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    expect(notPrevented).toBe(false);
    expect(onSendText).toHaveBeenCalledWith("南无阿弥陀佛");
    await waitFor(() => {
      expect(box.value).toBe("");
    });
  });

  it("keeps the text when the message could not be queued", async () => {
    const { onSendText, box } = renderComposer(false);
    fireEvent.change(box, { target: { value: "再试" } });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    await waitFor(() => {
      expect(onSendText).toHaveBeenCalledTimes(1);
    });
    expect(box.value).toBe("再试");
  });

  it("lets Shift+Enter through as a new line", () => {
    const { onSendText, box } = renderComposer();
    fireEvent.change(box, { target: { value: "第一行" } });
    const notPrevented = fireEvent.keyDown(box, {
      key: "Enter",
      keyCode: 13,
      shiftKey: true,
    });
    expect(notPrevented).toBe(true);
    expect(onSendText).not.toHaveBeenCalled();
  });

  it("does not send the Enter that confirms an IME candidate", () => {
    const { onSendText, box } = renderComposer();
    fireEvent.change(box, { target: { value: "ni" } });
    fireEvent.compositionStart(box);
    expect(fireEvent.keyDown(box, { key: "Enter", keyCode: 13 })).toBe(true);
    expect(
      fireEvent.keyDown(box, { key: "Enter", keyCode: 229, isComposing: true }),
    ).toBe(true);
    fireEvent.compositionEnd(box);
    // Safari reports the confirming Enter after compositionend, with keyCode 229.
    expect(fireEvent.keyDown(box, { key: "Enter", keyCode: 229 })).toBe(true);
    expect(onSendText).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: "你" } });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    expect(onSendText).toHaveBeenCalledWith("你");
  });

  it("does not send blank text; the send button is disabled until there is some", () => {
    const { onSendText, box } = renderComposer();
    const send = screen.getByRole("button", { name: "发送" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: "   \n " } });
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    expect(onSendText).not.toHaveBeenCalled();
    // Zero-width characters alone show nothing either; the server would refuse them (#19).
    fireEvent.change(box, { target: { value: "\u200b\u200d\ufeff" } });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    expect(onSendText).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: "好" } });
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    expect(onSendText).toHaveBeenCalledWith("好");
  });

  it("sends pasted images and leaves pasted text alone", () => {
    const { onSendImages, box } = renderComposer();
    const png = new File([new Uint8Array([137, 80, 78, 71])], "a.png", {
      type: "image/png",
    });
    const pdf = new File(["%PDF"], "a.pdf", { type: "application/pdf" });
    const notPrevented = fireEvent.paste(box, {
      clipboardData: { files: [png, pdf] },
    });
    expect(notPrevented).toBe(false);
    expect(onSendImages).toHaveBeenCalledWith([png]);
    expect(fireEvent.paste(box, { clipboardData: { files: [] } })).toBe(true);
  });

  it("sends the images picked with the image button", () => {
    const { onSendImages } = renderComposer();
    const input = screen.getByTestId<HTMLInputElement>("composer-file");
    const png = new File([new Uint8Array([1])], "b.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [png] } });
    expect(onSendImages).toHaveBeenCalledWith([png]);
  });
});

describe("<Composer> near the text limit", () => {
  it("counts from COUNTER_FROM and refuses a longer text than the worker takes, keeping it", () => {
    const { onSendText, box } = renderComposer();
    const send = screen.getByRole<HTMLButtonElement>("button", {
      name: "发送",
    });
    fireEvent.change(box, { target: { value: "好".repeat(COUNTER_FROM - 1) } });
    expect(screen.queryByText(/\/ 5000 字/)).toBeNull();
    expect(box.getAttribute("aria-describedby")).toBeNull();

    fireEvent.change(box, { target: { value: "好".repeat(MAX_TEXT_LENGTH) } });
    const count = screen.getByText("5000 / 5000 字");
    expect(box.getAttribute("aria-describedby")).toBe(count.id);
    expect(send.disabled).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();

    fireEvent.change(box, { target: { value: "好".repeat(6000) } });
    expect(box.value).toHaveLength(6000);
    expect(screen.getByRole("alert").textContent).toBe(
      "消息过长，无法发送：最多 5000 字，当前 6000 字。请删减后再发。",
    );
    expect(box.getAttribute("aria-invalid")).toBe("true");
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    fireEvent.submit(box.form!);
    expect(onSendText).not.toHaveBeenCalled();
    expect(box.value).toHaveLength(6000);
  });
});

describe("<Composer> and app updates", () => {
  it("marks a draft as active while text waits, and clears it once sent", async () => {
    localStorage.clear();
    const { box } = renderComposer();
    expect(isDraftActive()).toBe(false);
    fireEvent.change(box, { target: { value: "南无阿弥陀佛" } });
    expect(isDraftActive()).toBe(true);
    fireEvent.keyDown(box, { key: "Enter", keyCode: 13 });
    await waitFor(() => {
      expect(isDraftActive()).toBe(false);
    });
  });
});
