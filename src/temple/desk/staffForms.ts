// The desk's forms judged before they are sent, by #contract's limits (the ones the server checks):
// the planned date of a service, the proof photos of a completed one, the notes and the reason a
// refund is declined. Pure; the forms turn a problem into its sentence with problemText.
import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import { FULFILMENT_LIMITS, hasVisibleCharacter } from "#contract";

export type FormProblem =
  | "DATE_REQUIRED"
  | "DATE_INVALID"
  | "DATE_TOO_EARLY"
  | "DATE_TOO_LATE"
  | "NOTE_TOO_LONG"
  | "PHOTOS_REQUIRED"
  | "PHOTOS_UPLOADING"
  | "PHOTOS_FAILED"
  | "REASON_REQUIRED"
  | "REASON_TOO_LONG";

/** Characters as the server counts them (code points, not UTF-16 units). */
export const charCount = (text: string): number =>
  // eslint-disable-next-line @typescript-eslint/no-misused-spread -- code points, as TypeBox's maxLength
  [...text].length;

/** A desk textarea's counter (ui/TextAreaField): the trimmed text's characters of `max`. */
export const charCounter = (text: string, max: number) => ({
  count: charCount(text.trim()),
  max,
});

/** The text to send: trimmed, or "" when nothing in it would show (zero-width characters). */
export const sendable = (text: string): string =>
  hasVisibleCharacter(text) ? text.trim() : "";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `date`'s calendar day on this device, as a date input writes it (YYYY-MM-DD). */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const [, y, m, d] = DATE.exec(day) ?? [];
  return localDay(new Date(Number(y), Number(m) - 1, Number(d) + days));
}

/** The days a planned service may fall on: from the day it was paid to a year ahead. */
export function plannedDayRange(
  now: Date,
  paidAt: string | null,
): { min: string | undefined; max: string } {
  const paid = paidAt === null ? null : new Date(paidAt);
  return {
    min:
      paid === null || Number.isNaN(paid.getTime())
        ? undefined
        : localDay(paid),
    // NOTE: the server counts plannedMaxDaysAhead days from now; noon of the last day a full
    // year ahead could pass that by a few hours, so the last day offered is one earlier.
    max: addDays(localDay(now), FULFILMENT_LIMITS.plannedMaxDaysAhead - 1),
  };
}

/**
 * The instant sent for a planned day: noon on this device, so the day reads the same in every
 * time zone within eleven hours of it (the temples' staff and their customers).
 */
export function plannedAtOf(day: string): string {
  const [, y, m, d] = DATE.exec(day) ?? [];
  return new Date(Number(y), Number(m) - 1, Number(d), 12).toISOString();
}

function isRealDay(day: string): boolean {
  const match = DATE.exec(day);
  if (match === null) return false;
  return addDays(day, 0) === day;
}

function noteProblem(note: string): FormProblem | undefined {
  return charCount(note.trim()) > FULFILMENT_LIMITS.noteMaxChars
    ? "NOTE_TOO_LONG"
    : undefined;
}

export interface StartServiceValues {
  day: string;
  note: string;
}

export function checkStartService(
  { day, note }: StartServiceValues,
  range: { min: string | undefined; max: string },
): { day?: FormProblem; note?: FormProblem } {
  const problems: { day?: FormProblem; note?: FormProblem } = {};
  if (day === "") problems.day = "DATE_REQUIRED";
  else if (!isRealDay(day)) problems.day = "DATE_INVALID";
  else if (range.min !== undefined && day < range.min)
    problems.day = "DATE_TOO_EARLY";
  else if (day > range.max) problems.day = "DATE_TOO_LATE";
  const noteIssue = noteProblem(note);
  if (noteIssue !== undefined) problems.note = noteIssue;
  return problems;
}

/** A picked proof photo's state: being uploaded, stored (with its name) or refused. */
export type PhotoState = "uploading" | "stored" | "failed";

export function checkComplete({
  photos,
  note,
}: {
  photos: readonly PhotoState[];
  note: string;
}): { photos?: FormProblem; note?: FormProblem } {
  const problems: { photos?: FormProblem; note?: FormProblem } = {};
  if (photos.includes("uploading")) problems.photos = "PHOTOS_UPLOADING";
  else if (photos.includes("failed")) problems.photos = "PHOTOS_FAILED";
  else if (photos.length === 0) problems.photos = "PHOTOS_REQUIRED";
  const noteIssue = noteProblem(note);
  if (noteIssue !== undefined) problems.note = noteIssue;
  return problems;
}

export function checkDecline(reason: string): FormProblem | undefined {
  const text = sendable(reason);
  if (text === "") return "REASON_REQUIRED";
  if (charCount(text) > FULFILMENT_LIMITS.refundReasonMaxChars)
    return "REASON_TOO_LONG";
  return undefined;
}

/** The sentence of a problem, in the active locale. */
export function problemText(i18n: I18n, problem: FormProblem): string {
  const maxNote = FULFILMENT_LIMITS.noteMaxChars;
  const maxReason = FULFILMENT_LIMITS.refundReasonMaxChars;
  switch (problem) {
    case "DATE_REQUIRED":
      return i18n._(msg`请选择法事的安排日期`);
    case "DATE_INVALID":
      return i18n._(msg`请输入有效的日期`);
    case "DATE_TOO_EARLY":
      return i18n._(msg`安排日期不能早于付款日期`);
    case "DATE_TOO_LATE": {
      // NOTE: the same sentence as the server's PLANNED_AT_OUT_OF_RANGE (one catalog entry).
      const max = FULFILMENT_LIMITS.plannedMaxDaysAhead;
      return i18n._(msg`安排日期须在今天起 ${max} 天之内`);
    }
    case "NOTE_TOO_LONG":
      return i18n._(msg`备注最多 ${maxNote} 个字`);
    case "PHOTOS_REQUIRED":
      return i18n._(msg`请至少上传一张完成照片`);
    case "PHOTOS_UPLOADING":
      return i18n._(msg`照片仍在上传，请稍候`);
    case "PHOTOS_FAILED":
      return i18n._(msg`有照片上传失败，请重试或移除`);
    case "REASON_REQUIRED":
      return i18n._(msg`请填写拒绝退款的理由`);
    case "REASON_TOO_LONG":
      return i18n._(msg`理由最多 ${maxReason} 个字`);
  }
}
