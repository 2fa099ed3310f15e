// Handles one OAuth return, once even if the page renders twice. A registered `source` takes it
// over; otherwise it is a WeChat login: the returned `state` must equal the one this tab
// remembered (else it is refused without a server call), then the code becomes a session.
import { t } from "@lingui/core/macro";
import { loginWithWechat } from "../../session/accountActions";
import type { CallbackOutcome, CallbackParams } from "./callbackParams";
import { callbackSourceHandler } from "./callbackSources";
import { takeOAuth } from "./oauthState";

const attempts = new Map<string, Promise<CallbackOutcome>>();

async function resolve(params: CallbackParams): Promise<CallbackOutcome> {
  if (params.source !== undefined) {
    const handler = callbackSourceHandler(params.source);
    if (handler === undefined) {
      const source = params.source;
      return {
        status: "error",
        message: t`无法处理的回调来源：${source}`,
        redirect: undefined,
      };
    }
    return handler(params);
  }

  const pending = takeOAuth();
  const redirect = pending?.redirect;
  if (params.code === undefined)
    return {
      status: "error",
      message: t`微信未完成授权，登录已取消。`,
      redirect,
    };
  if (
    pending === undefined ||
    params.state !== pending.state ||
    params.type !== String(pending.type)
  ) {
    console.error("WeChat login refused: state mismatch");
    return {
      status: "error",
      message: t`登录校验失败（状态不匹配或已过期），请重新发起微信登录。`,
      redirect,
    };
  }
  const result = await loginWithWechat({
    code: params.code,
    state: pending.state,
    type: pending.type,
  });
  return result.success
    ? { status: "done", redirect }
    : { status: "error", message: result.message, redirect };
}

/** Resolves the return described by `key` (its query string) once; later calls share it. */
export function resolveCallbackOnce(
  key: string,
  params: CallbackParams,
): Promise<CallbackOutcome> {
  let attempt = attempts.get(key);
  if (attempt === undefined) {
    attempt = resolve(params);
    attempts.set(key, attempt);
  }
  return attempt;
}
