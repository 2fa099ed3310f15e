// What a key press in the composer means: Enter sends, Shift+Enter is a new line, and nothing is
// sent while an input method is composing (the Enter that confirms a CJK candidate is not a send).

/** The parts of a keydown the rule looks at (a React or DOM KeyboardEvent has them all). */
export interface ComposerKey {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  /** True while an IME composition is in progress. */
  readonly isComposing: boolean;
  /** 229 is what browsers report for keys an IME consumed (Safari sends it right after compositionend). */
  readonly keyCode: number;
}

export type ComposerKeyAction = "send" | "newline" | "default";

/** IME-processed keys carry this keyCode. */
export const IME_KEY_CODE = 229;

/**
 * Enter → send; Shift+Enter or Alt+Enter → new line; Ctrl/Cmd+Enter → send; during composition
 * (or when the composer knows a composition just ended) → the browser's default, never a send.
 */
export function composerKeyAction(
  event: ComposerKey,
  composing = false,
): ComposerKeyAction {
  if (event.key !== "Enter") return "default";
  if (composing || event.isComposing || event.keyCode === IME_KEY_CODE)
    return "default";
  if (event.shiftKey || event.altKey) return "newline";
  return "send";
}
