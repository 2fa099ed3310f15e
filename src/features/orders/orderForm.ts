// The order form's values, its checks before submit (same limits as the server) and the mapping
// of a refusal's field (params.field, e.g. "wish") to the form's own.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { CreateOrderBody } from "../../api/commerce";
import type { Product } from "../../api/types";
import { textLength } from "../../lib/formText";

export const ORDER_LIMITS = {
  minQuantity: 1,
  maxQuantity: 99,
  maxBeneficiaryName: 40,
  maxWish: 200,
} as const;

export interface OrderFormValues {
  optionId: number | undefined;
  quantity: number;
  beneficiaryName: string;
  wish: string;
  birthDate: string;
  showOnWall: boolean;
}

export type OrderField =
  "optionId" | "quantity" | "beneficiaryName" | "wish" | "birthDate";

export type OrderFormErrors = Partial<
  Record<OrderField, MessageDescriptor | string>
>;

const length = textLength;

function checkDate(
  value: string,
  today: string,
): MessageDescriptor | undefined {
  if (value === "") return msg`请选择出生日期`;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- ISO time suffix
  const date = new Date(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(date.getTime()) ||
    date.toISOString().slice(0, 10) !== value
  )
    return msg`请输入有效的日期`;
  if (value < "1900-01-01" || value > today)
    return msg`出生日期须在 1900-01-01 至今天之间`;
  return undefined;
}

/** The errors of `values` for `product` (empty when it can be submitted). */
export function checkOrderForm(
  values: OrderFormValues,
  product: Pick<Product, "options" | "asks">,
  today: string,
): OrderFormErrors {
  const errors: OrderFormErrors = {};
  if (!product.options.some((option) => option.id === values.optionId))
    errors.optionId = msg`请选择方案`;
  if (
    !Number.isInteger(values.quantity) ||
    values.quantity < ORDER_LIMITS.minQuantity ||
    values.quantity > ORDER_LIMITS.maxQuantity
  )
    errors.quantity = msg`数量须为 1 至 99`;
  if (product.asks.beneficiary) {
    if (length(values.beneficiaryName) === 0)
      errors.beneficiaryName = msg`请填写受益人姓名`;
    else if (length(values.beneficiaryName) > ORDER_LIMITS.maxBeneficiaryName)
      errors.beneficiaryName = msg`姓名最多 40 个字`;
  }
  if (product.asks.wish) {
    if (length(values.wish) === 0) errors.wish = msg`请填写心愿`;
    else if (length(values.wish) > ORDER_LIMITS.maxWish)
      errors.wish = msg`心愿最多 200 个字`;
  }
  if (product.asks.birthDate) {
    const dateError = checkDate(values.birthDate, today);
    if (dateError !== undefined) errors.birthDate = dateError;
  }
  return errors;
}

/** The request body: only the fields the product asks for, trimmed. */
export function orderBody(
  values: OrderFormValues,
  product: Pick<Product, "id" | "asks">,
  optionId: number,
): CreateOrderBody {
  return {
    productId: product.id,
    optionId,
    quantity: values.quantity,
    ...(product.asks.beneficiary
      ? { beneficiaryName: values.beneficiaryName.trim() }
      : {}),
    ...(product.asks.wish ? { wish: values.wish.trim() } : {}),
    ...(product.asks.birthDate ? { birthDate: values.birthDate } : {}),
    showOnWall: values.showOnWall,
  };
}

const FIELDS: readonly OrderField[] = [
  "optionId",
  "quantity",
  "beneficiaryName",
  "wish",
  "birthDate",
];

/** The order field a refusal names (see refusedFieldOf), if it is one of this form's. */
export function orderFieldNamed(
  name: string | undefined,
): OrderField | undefined {
  return FIELDS.find((field) => field === name);
}
