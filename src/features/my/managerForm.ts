// Checks of the manager application (the server's limits: name ≤ 40, a mainland mobile number,
// region ≤ 60, reason ≤ 500) and the field a server message names.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { ManagerApplication } from "../../api/manager";
import { textLength } from "../../lib/formText";

export type ManagerField = keyof ManagerApplication;
export const MANAGER_FIELDS: readonly ManagerField[] = [
  "name",
  "phone",
  "region",
  "reason",
];
export type ManagerErrors = Partial<
  Record<ManagerField, MessageDescriptor | string>
>;

export function checkManagerForm(values: ManagerApplication): ManagerErrors {
  const errors: ManagerErrors = {};
  const name = textLength(values.name);
  if (name === 0) errors.name = msg`请填写姓名`;
  else if (name > 40) errors.name = msg`姓名最多 40 个字`;
  if (values.phone.trim() === "") errors.phone = msg`请输入手机号`;
  else if (!/^1[3-9]\d{9}$/.test(values.phone.trim()))
    errors.phone = msg`请输入 11 位中国大陆手机号`;
  const region = textLength(values.region);
  if (region === 0) errors.region = msg`请填写所在地区`;
  else if (region > 60) errors.region = msg`地区最多 60 个字`;
  const reason = textLength(values.reason);
  if (reason === 0) errors.reason = msg`请填写申请理由`;
  else if (reason > 500) errors.reason = msg`申请理由最多 500 个字`;
  return errors;
}

/** The application field a refusal names (see refusedFieldOf), if it is one of this form's. */
export function managerFieldNamed(
  name: string | undefined,
): ManagerField | undefined {
  return MANAGER_FIELDS.find((field) => field === name);
}
