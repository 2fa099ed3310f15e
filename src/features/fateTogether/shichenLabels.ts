// What the fate-together form shows for a 时辰 (the mapping to clock hours is #contract's): the
// name translated (子时, 子時, "Zi") with the clock times it covers, e.g. "子时（23:00–00:59）".
import { msg } from "@lingui/core/macro";
import type { I18n, MessageDescriptor } from "@lingui/core";
import {
  firstHourOf,
  SHICHEN_BRANCHES,
  shichenOfHour,
  shichenRange,
  type ShichenBranch,
} from "#contract";

const NAMES: Record<ShichenBranch, MessageDescriptor> = {
  子: msg`子时`,
  丑: msg`丑时`,
  寅: msg`寅时`,
  卯: msg`卯时`,
  辰: msg`辰时`,
  巳: msg`巳时`,
  午: msg`午时`,
  未: msg`未时`,
  申: msg`申时`,
  酉: msg`酉时`,
  戌: msg`戌时`,
  亥: msg`亥时`,
};

/** The form's choices: each 时辰's value (its first hour, as the sign-up stores it) and label. */
export function shichenChoices(i18n: I18n): { value: string; label: string }[] {
  return SHICHEN_BRANCHES.map((branch) => {
    const name = i18n._(NAMES[branch]);
    const range = shichenRange(branch);
    return {
      value: String(firstHourOf(branch)),
      label: i18n._(msg`${name}（${range}）`),
    };
  });
}

/** The choice a stored birth hour selects: "" when unknown, else its 时辰's value. */
export function shichenValueOf(hour: number | null | undefined): string {
  return hour == null ? "" : String(firstHourOf(shichenOfHour(hour)));
}
