// JSON.parse that keeps integers beyond 2^53 exact. WuKongIM writes int64 values as bare JSON
// numbers: snowflake `message_id`s (≈ 2.1e18, measured) and nanosecond `version`s, and its
// /message/send answer has no `message_idstr` to fall back on. Plain JSON.parse would round them.
// Own code instead of a library (json-bigint, lossless-json): this is one pass over the text that
// turns each unsafe integer literal into a string before JSON.parse; the typed decoders
// (wukongimWire.ts) then make bigints of the fields that may hold one. Node 20 has no
// JSON.parse source-text access (the reviver's `context.source`), which would make this unneeded.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const ZERO = 0x30;
const NINE = 0x39;

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

/** Where the number literal starting at `start` ends, and whether it is a plain integer. */
function scanNumber(
  text: string,
  start: number,
): { end: number; integer: boolean } {
  let i = start;
  if (text.charCodeAt(i) === MINUS) i += 1;
  while (i < text.length && isDigit(text.charCodeAt(i))) i += 1;
  let integer = true;
  while (i < text.length && /[.eE+\-0-9]/.test(text.charAt(i))) {
    integer = false;
    i += 1;
  }
  return { end: i, integer };
}

/**
 * The JSON text with every integer literal outside the safe range written as a string
 * (`2126026865201123328` → `"2126026865201123328"`); strings and other numbers are untouched.
 */
export function quoteUnsafeIntegers(text: string): string {
  let out = "";
  let copied = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i += 1;
      while (i < text.length && text.charCodeAt(i) !== QUOTE)
        i += text.charCodeAt(i) === BACKSLASH ? 2 : 1;
      i += 1;
      continue;
    }
    if (code === MINUS || isDigit(code)) {
      const { end, integer } = scanNumber(text, i);
      const literal = text.slice(i, end);
      if (integer && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(copied, i)}"${literal}"`;
        copied = end;
      }
      i = end;
      continue;
    }
    i += 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** JSON.parse, with unsafe integers kept exact as decimal strings. */
export function parseJsonLossless(text: string): unknown {
  return JSON.parse(quoteUnsafeIntegers(text)) as unknown;
}
