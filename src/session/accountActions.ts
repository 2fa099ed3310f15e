// What the sign-in and account screens call: each returns `{ success, message }` instead of
// throwing, with the server's localized message or a translated fallback (product spec §8).
import { t } from "@lingui/core/macro";
import { bindPhone, codeLogin, wechatLogin } from "../api/accounts";
import { refusalTextOf } from "../api/ApiError";
import type { UserInfo, WechatLoginType } from "../api/accountTypes";
import { session, setUserPhone } from "../state/session";
import { completeLogin, loadUserInfo } from "./authSession";

export type ActionResult =
  { success: true; user: UserInfo } | { success: false; message: string };

function failure(error: unknown, fallback: string): ActionResult {
  return { success: false, message: refusalTextOf(error) ?? fallback };
}

/** Phone (area code 86) or e-mail login with a one-time code. */
export async function loginWithCode(input: {
  account: string;
  code: string;
  areaCode?: string;
}): Promise<ActionResult> {
  try {
    const user = await completeLogin(await codeLogin(input));
    return { success: true, user };
  } catch (error) {
    console.error("Login failed", error);
    return failure(error, t`登录失败`);
  }
}

/** The WeChat OAuth return: exchanges `code` (checked `state`) for a session. */
export async function loginWithWechat(input: {
  code: string;
  state: string;
  type: WechatLoginType;
}): Promise<ActionResult> {
  try {
    const user = await completeLogin(await wechatLogin(input));
    return { success: true, user };
  } catch (error) {
    console.error("WeChat login failed", error);
    return failure(error, t`微信登录失败，请稍后再试`);
  }
}

/** Binds a phone number to the signed-in account, then reloads the user info. */
export async function bindPhoneNumber(input: {
  phone: string;
  code: string;
}): Promise<ActionResult> {
  const user = session.user;
  const fallback = t`绑定手机号失败，请稍后再试`;
  if (user === null) return { success: false, message: fallback };
  try {
    const { phone } = await bindPhone({ ...input, imId: user.imId });
    setUserPhone(phone);
    return { success: true, user: await loadUserInfo() };
  } catch (error) {
    console.error("Phone binding failed", error);
    return failure(error, fallback);
  }
}
