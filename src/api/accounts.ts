// Calls of the accounts API, one function per endpoint. Sign-in calls are anonymous (no Bearer
// token, and a 401 there is an ordinary error); `user/*` calls carry the session's token.
import { apiRequest } from "./client";
import {
  AREA_CODE,
  type CodeSent,
  type TokenPair,
  type UserInfo,
  type WechatLoginType,
} from "./accountTypes";

export function sendPhoneCode(phone: string): Promise<CodeSent> {
  return apiRequest("oapi/v1/msg", {
    method: "POST",
    body: { phone, areaCode: AREA_CODE },
    anonymous: true,
  });
}

export function sendEmailCode(email: string): Promise<CodeSent> {
  return apiRequest("oapi/v1/sendEmailCode", {
    query: { email },
    anonymous: true,
  });
}

/** Signs in with a phone number (area code 86) or an e-mail address and its 6-digit code. */
export function codeLogin(input: {
  account: string;
  code: string;
  areaCode?: string;
}): Promise<TokenPair> {
  return apiRequest("oapi/v1/phoneLogin", {
    method: "POST",
    body: input,
    anonymous: true,
  });
}

/** A server-issued OAuth `state`, bound to this browser by an HttpOnly cookie. */
export function requestWechatState(
  type: WechatLoginType,
): Promise<{ state: string }> {
  return apiRequest("oapi/v1/wxState", {
    method: "POST",
    body: { type },
    anonymous: true,
  });
}

export function wechatLogin(input: {
  code: string;
  state: string;
  type: WechatLoginType;
}): Promise<TokenPair> {
  return apiRequest("oapi/v1/wxLogin", {
    method: "POST",
    body: input,
    anonymous: true,
  });
}

export function refreshTokens(refreshToken: string): Promise<TokenPair> {
  return apiRequest("oapi/v1/refreshToken", {
    method: "POST",
    body: { refresh_token: refreshToken },
    anonymous: true,
  });
}

export function fetchUserInfo(): Promise<UserInfo> {
  return apiRequest("user/v1/info");
}

export function bindPhone(input: {
  phone: string;
  code: string;
  imId: string;
}): Promise<{ phone: string }> {
  return apiRequest("user/v1/bindPhone", {
    method: "POST",
    body: {
      account: input.phone,
      code: input.code,
      areaCode: AREA_CODE,
      imId: input.imId,
    },
  });
}

/** Revokes this session (access, refresh and IM token). */
export function logoutSession(): Promise<null> {
  return apiRequest("user/v1/loginOut");
}

/** Revokes every session of the user ("sign out everywhere"). */
export function logoutAllSessions(): Promise<null> {
  return apiRequest("user/v1/logoutAll", { method: "POST" });
}
