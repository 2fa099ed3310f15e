// Whether a text shows anything: at least one character that is not white space, a format or
// control character, a default-ignorable one (zero-width spaces and joiners, U+2060, U+FEFF,
// variation selectors, Hangul fillers), a combining mark on its own, or the blank braille cell.
// `trim()` removes only white space, so a name of zero-width characters passed as filled in.
// Shared: the server refuses such text, and the composer does not offer to send it.

const VISIBLE =
  /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Zl}\p{Zp}\u2800]/u;

/** True when `text` has at least one character a reader can see. */
export function hasVisibleCharacter(text: string): boolean {
  return VISIBLE.test(text);
}
