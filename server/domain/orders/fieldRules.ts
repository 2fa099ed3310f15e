// Checks for what people type into order, sign-up and application forms: trimmed text within a
// length, no control characters, calendar dates in a sane range. Errors are 400s naming the field.
import { HttpError } from "../../http/errors";
import { hasVisibleCharacter } from "#contract";
import { graphemes } from "../blessing/maskName";

// NOTE: C0/C1 controls and bidi overrides: a name or wish never needs them, and they can disguise
// text shown to others (the blessing wall, staff chats). Line breaks and tabs only in multiline.
function hasForbidden(text: string, multiline: boolean): boolean {
  for (const char of text) {
    const cp = char.codePointAt(0) ?? 0;
    if (multiline && (cp === 0x0a || cp === 0x0d || cp === 0x09)) continue;
    if (cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f)) return true;
    if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
      return true;
  }
  return false;
}

/**
 * Trimmed text of at most `max` characters (graphemes); "", undefined and text with no visible
 * character (only spaces, zero-width characters, lone combining marks) are absent.
 */
export function optionalText(
  value: string | undefined | null,
  field: string,
  max: number,
  options: { multiline?: boolean } = {},
): string | null {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") return null;
  if (hasForbidden(trimmed, options.multiline === true))
    throw new HttpError(
      "TEXT_CONTROL_CHARACTERS",
      `body/${field} contains control characters`,
      { params: { field } },
    );
  if (!hasVisibleCharacter(trimmed)) return null;
  const length = graphemes(trimmed).length;
  if (length > max)
    throw new HttpError(
      "TEXT_TOO_LONG",
      `body/${field} must be at most ${max} characters (got ${length})`,
      { params: { field, max } },
    );
  return trimmed;
}

export function requiredText(
  value: string | undefined | null,
  field: string,
  max: number,
  options: { multiline?: boolean } = {},
): string {
  const text = optionalText(value, field, max, options);
  if (text === null)
    throw new HttpError("FIELD_REQUIRED", `body/${field} is required`, {
      params: { field },
    });
  return text;
}

/** A YYYY-MM-DD calendar date from 1900-01-01 up to `today` (UTC date string). */
export function pastDate(value: string, field: string, today: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (
    match === null ||
    date === null ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== value
  )
    throw new HttpError(
      "DATE_INVALID",
      `body/${field} must be a calendar date YYYY-MM-DD`,
      { params: { field } },
    );
  if (value < "1900-01-01" || value > today)
    throw new HttpError(
      "DATE_OUT_OF_RANGE",
      `body/${field} must be between 1900-01-01 and today`,
      { params: { field } },
    );
  return value;
}

/** The latest date anywhere on Earth (UTC+14) as YYYY-MM-DD, from the server clock. */
export function todayOf(now: number): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}
