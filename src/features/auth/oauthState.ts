// The WeChat login in flight, kept in sessionStorage across the trip to WeChat: the server-issued
// `state` (checked on return), the login type, and where to go after login. Taken once.
import {
  WECHAT_LOGIN_TYPES,
  type WechatLoginType,
} from "../../api/accountTypes";
import { parseRedirect } from "../../router/params";

export const OAUTH_STORAGE_KEY = "fy_oauth";
/** The server's state lives at most 10 minutes; an older pending login is void. */
export const OAUTH_MAX_AGE_MS = 10 * 60 * 1000;

export interface PendingOAuth {
  state: string;
  type: WechatLoginType;
  redirect?: string | undefined;
  createdAt: number;
}

export function rememberOAuth(
  pending: Omit<PendingOAuth, "createdAt">,
  now: number = Date.now(),
): void {
  const value: PendingOAuth = { ...pending, createdAt: now };
  window.sessionStorage.setItem(OAUTH_STORAGE_KEY, JSON.stringify(value));
}

function isLoginType(value: unknown): value is WechatLoginType {
  return (
    value === WECHAT_LOGIN_TYPES.website || value === WECHAT_LOGIN_TYPES.inApp
  );
}

function parsePending(raw: string | null): PendingOAuth | undefined {
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PendingOAuth>;
    if (
      typeof value.state !== "string" ||
      value.state === "" ||
      !isLoginType(value.type) ||
      typeof value.createdAt !== "number"
    )
      return undefined;
    return {
      state: value.state,
      type: value.type,
      redirect: parseRedirect(value.redirect),
      createdAt: value.createdAt,
    };
  } catch {
    return undefined;
  }
}

/** Returns and forgets the pending login (undefined when none, malformed or too old). */
export function takeOAuth(now: number = Date.now()): PendingOAuth | undefined {
  let raw: string | null = null;
  try {
    raw = window.sessionStorage.getItem(OAUTH_STORAGE_KEY);
    window.sessionStorage.removeItem(OAUTH_STORAGE_KEY);
  } catch {
    return undefined;
  }
  const pending = parsePending(raw);
  if (pending === undefined || now - pending.createdAt > OAUTH_MAX_AGE_MS)
    return undefined;
  return pending;
}
