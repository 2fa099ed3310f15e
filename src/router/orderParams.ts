// Search params of the order pages (checks from searchValues.ts): `/order?masterOrderNo=&pay=1&paying=1` (18
// digits, else the 404 screen; pay resumes a payment, paying confirms one made on WeChat's H5 page), `/myOrder?status=&page=` (a known status, else all)
// and `/productDetails/orderConfirm/$id?option=` (the option chosen on the product page).
import { ORDER_STATUSES, type OrderStatus } from "../api/commerce";
import { throwNotFound } from "./notFound";
import { parsePage, type PageSearch } from "./params";
import { intIn, matching, oneOf } from "./searchValues";

const ORDER_NO = /^\d{18}$/;

/** Orders per page of /myOrder (the route's loader and the page's pagination). */
export const MY_ORDERS_PAGE_SIZE = 10;

export interface OrderSearch {
  masterOrderNo: string | undefined;
  /** Set on the return from WeChat's authorization: resume the payment. */
  pay?: true | undefined;
  /** Set on the return from WeChat Pay's H5 page: ask the server for the outcome. */
  paying?: true | undefined;
}

const flag = (value: unknown): true | undefined =>
  value === true || value === 1 || value === "1" ? true : undefined;

export function validateOrderSearch(
  search: Record<string, unknown>,
): OrderSearch {
  return {
    masterOrderNo: matching(ORDER_NO, search.masterOrderNo),
    pay: flag(search.pay),
    paying: flag(search.paying),
  };
}

/** The checked order number, or the 404 screen (thrown from beforeLoad). */
export function requireOrderNo(search: OrderSearch): string {
  if (search.masterOrderNo === undefined) throwNotFound("invalid");
  return search.masterOrderNo;
}

export interface MyOrdersSearch extends PageSearch {
  status?: OrderStatus | undefined;
}

export function validateMyOrdersSearch(
  search: Record<string, unknown>,
): MyOrdersSearch {
  return {
    status: oneOf(ORDER_STATUSES, search.status),
    page: parsePage(search.page),
  };
}

export interface OrderConfirmSearch {
  /** The option chosen on the product page; the form starts with it when the product has it. */
  option?: number | undefined;
}

export function validateOrderConfirmSearch(
  search: Record<string, unknown>,
): OrderConfirmSearch {
  return { option: intIn(search.option, 1, Number.MAX_SAFE_INTEGER) };
}
