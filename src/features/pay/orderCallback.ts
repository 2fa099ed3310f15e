// `/callback?source=order&…`: WeChat's silent authorization for paying inside WeChat. Binds the
// returned code to the order (pay/v1/bindOpenid), then resumes payment on the order page.
import { t } from "@lingui/core/macro";
import { bindPayOpenid } from "../../api/commerce";
import { refusalTextOf } from "../../api/ApiError";
import type { CallbackOutcome, CallbackParams } from "../auth/callbackParams";
import { orderPagePath } from "./payMethod";

function orderPage(masterOrderNo: string | undefined, resume: boolean) {
  if (masterOrderNo === undefined || !/^\d{18}$/.test(masterOrderNo))
    return undefined;
  return orderPagePath(masterOrderNo, resume ? "pay" : undefined);
}

export async function orderCallback(
  params: CallbackParams,
): Promise<CallbackOutcome> {
  const masterId = Number(params.masterId);
  if (
    params.code === undefined ||
    params.state === undefined ||
    !Number.isSafeInteger(masterId) ||
    masterId <= 0
  )
    return {
      status: "error",
      message: t`微信未完成授权，无法发起支付。`,
      redirect: orderPage(params.masterOrderNo, false),
    };
  try {
    const bound = await bindPayOpenid({
      code: params.code,
      state: params.state,
      masterId,
    });
    return { status: "done", redirect: orderPage(bound.masterOrderNo, true) };
  } catch (error) {
    return {
      status: "error",
      message: refusalTextOf(error) ?? t`支付授权失败，请返回订单重试。`,
      redirect: orderPage(params.masterOrderNo, false),
    };
  }
}
