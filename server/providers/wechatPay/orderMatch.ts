// The caller's last check on a verified transaction: it belongs to our merchant and app, to the
// order we think it does, and carries that order's amount. A mismatch is never marked paid.
import { ProviderError, PROVIDERS } from "../errors";
import type { WechatPayTransaction } from "./wechatPayTypes";

export interface ExpectedOrder {
  mchId: string;
  /** App ids we sell through; the transaction's appid must be one of them. */
  appIds: readonly string[];
  outTradeNo: string;
  amountFen: number;
  currency?: string;
}

export function assertTransactionMatchesOrder(
  transaction: WechatPayTransaction,
  expected: ExpectedOrder,
): void {
  if (
    transaction.mchId !== expected.mchId ||
    !expected.appIds.includes(transaction.appId)
  ) {
    throw new ProviderError("PAY_MERCHANT_MISMATCH", PROVIDERS.wechatPay, {
      message: "the transaction belongs to another merchant or app",
    });
  }
  if (transaction.outTradeNo !== expected.outTradeNo) {
    throw new ProviderError("PAY_ORDER_MISMATCH", PROVIDERS.wechatPay, {
      message: "the transaction is for another order",
    });
  }
  if (
    transaction.amount.total !== expected.amountFen ||
    transaction.amount.currency !== (expected.currency ?? "CNY")
  ) {
    throw new ProviderError("PAY_AMOUNT_MISMATCH", PROVIDERS.wechatPay, {
      message: `the transaction total ${transaction.amount.total} ${transaction.amount.currency} differs from the order`,
    });
  }
}
