// The fate sign-up form's values and checks (the server's limits: name ≤ 40, wish ≤ 500, a birth
// date from 1900 to today, an optional hour 0–23).
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { FATE_LIMITS } from "#contract";
import type { FateSignupInput, Gender } from "../../api/fate";
import { textLength } from "../../lib/formText";

// NOTE: re-exported, not copied: the server checks the same limits (#contract).
export { FATE_LIMITS };

export interface FateFormValues {
  name: string;
  gender: Gender | "";
  birthDate: string;
  /** "" when unknown, else "0"–"23": the first hour of a 时辰 (shichenLabels.ts). */
  birthHour: string;
  wish: string;
}

export type FateField = "name" | "gender" | "birthDate" | "birthHour" | "wish";
export const FATE_FIELDS: readonly FateField[] = [
  "name",
  "gender",
  "birthDate",
  "birthHour",
  "wish",
];

export type FateFormErrors = Partial<
  Record<FateField, MessageDescriptor | string>
>;

export function checkFateForm(
  values: FateFormValues,
  today: string,
): FateFormErrors {
  const errors: FateFormErrors = {};
  const name = textLength(values.name);
  if (name === 0) errors.name = msg`请填写姓名`;
  else if (name > FATE_LIMITS.maxName) errors.name = msg`姓名最多 40 个字`;
  if (values.gender === "") errors.gender = msg`请选择性别`;
  if (values.birthDate === "") errors.birthDate = msg`请选择出生日期`;
  else if (
    !/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate) ||
    values.birthDate < "1900-01-01" ||
    values.birthDate > today
  )
    errors.birthDate = msg`出生日期须在 1900-01-01 至今天之间`;
  const wish = textLength(values.wish);
  if (wish === 0) errors.wish = msg`请填写心愿`;
  else if (wish > FATE_LIMITS.maxWish) errors.wish = msg`心愿最多 500 个字`;
  return errors;
}

export function fateInput(values: FateFormValues): FateSignupInput {
  return {
    name: values.name.trim(),
    gender: values.gender === "female" ? "female" : "male",
    birthDate: values.birthDate,
    birthHour: values.birthHour === "" ? null : Number(values.birthHour),
    wish: values.wish.trim(),
  };
}

/** The sign-up field a refusal names (see refusedFieldOf), if it is one of this form's. */
export function fateFieldNamed(
  name: string | undefined,
): FateField | undefined {
  return FATE_FIELDS.find((field) => field === name);
}
