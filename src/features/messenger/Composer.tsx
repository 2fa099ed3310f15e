// The message composer: a growing text box (Enter sends, Shift+Enter adds a line, never a send while
// an input method is composing), a send button, and an image button; pasted images are sent too.
// Near the worker's text limit a counter shows; over it the text is kept, marked and not sent.
import { hasVisibleCharacter } from "#contract";
import {
  forwardRef,
  useEffect,
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { MAX_TEXT_LENGTH } from "../../../workers/api";
import { ImageIcon, SendIcon } from "./chatIcons";
import { composerKeyAction } from "./composerKeys";
import { imageFilesOf } from "./imageFile";
import { setDraftActive } from "../../pwa/draftActive";
import "../../ui/field.css";
import "./composer.css";

/** From this length on, the composer shows how much of {@link MAX_TEXT_LENGTH} is used. */
export const COUNTER_FROM = MAX_TEXT_LENGTH - 500;

interface ComposerProps {
  /** Resolves true when the text was queued (the box is then emptied). */
  readonly onSendText: (text: string) => Promise<boolean>;
  readonly onSendImages: (files: readonly File[]) => void;
  readonly label: string;
  /**
   * More buttons beside the image button (the staff workspace's quick replies); `insert` puts
   * text into the box at the caret and focuses it. The chat page passes none.
   */
  readonly tools?: ((insert: (text: string) => void) => ReactNode) | undefined;
}

export const Composer = forwardRef<HTMLTextAreaElement, ComposerProps>(
  function Composer({ onSendText, onSendImages, label, tools }, ref) {
    const { t } = useLingui();
    const [text, setText] = useState("");
    const [sending, setSending] = useState(false);
    const composing = useRef(false);
    const fileInput = useRef<HTMLInputElement>(null);
    const box = useRef<HTMLTextAreaElement | null>(null);
    const setBox = (node: HTMLTextAreaElement | null) => {
      box.current = node;
      if (typeof ref === "function") ref(node);
      else if (ref !== null) ref.current = node;
    };
    const insert = (added: string) => {
      const node = box.current;
      const at = node?.selectionStart ?? text.length;
      const end = node?.selectionEnd ?? at;
      setText(text.slice(0, at) + added + text.slice(end));
      requestAnimationFrame(() => {
        node?.focus();
        node?.setSelectionRange(at + added.length, at + added.length);
      });
    };
    // NOTE: as the server judges it (#19): zero-width characters alone show nothing.
    const empty = !hasVisibleCharacter(text);
    // NOTE: UTF-16 units, as the worker counts (an emoji counts 2).
    const count = text.length;
    const max = MAX_TEXT_LENGTH;
    const tooLong = count > max;
    const countId = useId();

    // NOTE: while text waits here, no tab of this browser reloads into a new build (src/pwa).
    useEffect(() => {
      setDraftActive(!empty);
    }, [empty]);
    useEffect(
      () => () => {
        setDraftActive(false);
      },
      [],
    );

    const send = async () => {
      if (empty || tooLong || sending) return;
      setSending(true);
      const queued = await onSendText(text);
      setSending(false);
      if (queued) setText("");
    };

    const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
      const action = composerKeyAction(
        {
          key: event.key,
          shiftKey: event.shiftKey,
          altKey: event.altKey,
          ctrlKey: event.ctrlKey,
          metaKey: event.metaKey,
          isComposing: event.nativeEvent.isComposing,
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- 229 is the only IME signal Safari gives after compositionend
          keyCode: event.keyCode,
        },
        composing.current,
      );
      if (action === "send") {
        event.preventDefault();
        void send();
      }
    };

    const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
      const images = imageFilesOf(event.clipboardData.files);
      if (images.length === 0) return;
      event.preventDefault();
      onSendImages(images);
    };

    return (
      <form
        className="composer"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <button
          type="button"
          className="icon-btn composer-image"
          aria-label={t`发送图片`}
          onClick={() => fileInput.current?.click()}
        >
          <ImageIcon />
        </button>
        {tools?.(insert)}
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="composer-file"
          onChange={(event) => {
            // NOTE: every picked file goes on: one that cannot be sent is refused with its reason.
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            if (files.length > 0) onSendImages(files);
          }}
        />
        <textarea
          ref={setBox}
          className="composer-input"
          rows={1}
          value={text}
          aria-label={label}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={count >= COUNTER_FROM ? countId : undefined}
          placeholder={t`输入消息`}
          enterKeyHint="send"
          onChange={(event) => {
            setText(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onCompositionStart={() => {
            composing.current = true;
          }}
          onCompositionEnd={() => {
            composing.current = false;
          }}
          onPaste={onPaste}
        />
        <button
          type="submit"
          className="icon-btn composer-send"
          aria-label={t`发送`}
          disabled={empty || tooLong || sending}
        >
          <SendIcon />
        </button>
        {count >= COUNTER_FROM ? (
          <p
            id={countId}
            className={
              tooLong
                ? "composer-count field-error"
                : "composer-count field-hint"
            }
            role={tooLong ? "alert" : undefined}
          >
            {tooLong ? (
              <Trans>
                消息过长，无法发送：最多 {max} 字，当前 {count}{" "}
                字。请删减后再发。
              </Trans>
            ) : (
              <Trans>
                {count} / {max} 字
              </Trans>
            )}
          </p>
        ) : null}
      </form>
    );
  },
);
