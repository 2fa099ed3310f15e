// An in-memory stand-in for the accounts API (brief: auth-api.md) behind the stubbed fetch:
// codes, token pairs with rotation, user info, binding, logout. It answers with the contract's
// envelopes and statuses and records every call. Test support, not a test.
import { type Answer, bareFailure, ok, refuse } from "./fakeAnswers";
import type { TokenPair, UserInfo } from "../../../src/api/accountTypes";

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export const VALID_CODE = "246810";
export const TAKEN_PHONE = "13900000009";

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    userId: 42,
    imId: "u_42",
    imToken: "im-token-1",
    isService: 0,
    isMonk: 0,
    isManager: 0,
    isAdmin: 0,
    avatarUrl: "/images/avatars/1.svg",
    nickname: "善信小林",
    online: true,
    phone: "138****0001",
    email: null,
    wechatBound: false,
    inviteCode: "FY42",
    createdAt: "2026-01-01T00:00:00Z",
    ...overrides,
  };
}

export class FakeAccounts {
  user: UserInfo = makeUser();
  /** Access tokens the server accepts. */
  readonly access = new Set<string>();
  /** Refresh tokens that can be used (each once). */
  readonly refresh = new Set<string>();
  readonly calls: RecordedCall[] = [];
  expiresIn = 900;
  /** Makes every refresh fail with 401 (a revoked family). */
  refuseRefresh = false;
  /** Makes user/v1/info fail with this status. */
  infoFailure: number | undefined;
  /** Makes user/v1/loginOut fail with this status. */
  logoutFailure: number | undefined;
  private serial = 0;
  private states: string[] = [];

  /** Issues a pair as a login would. */
  issue(): TokenPair {
    this.serial += 1;
    const pair = {
      app_token: `access-${String(this.serial)}`,
      refresh_token: `refresh-${String(this.serial)}`,
      expires_in: this.expiresIn,
    };
    this.access.add(pair.app_token);
    this.refresh.add(pair.refresh_token);
    return pair;
  }

  /** Every access token issued so far stops working (they expired). */
  expireAccess(): void {
    this.access.clear();
  }

  callsTo(path: string): RecordedCall[] {
    return this.calls.filter((call) => call.path === path);
  }

  /** Answers an accounts call, or undefined when `path` is not one. */
  answer(
    path: string,
    method: string,
    headers: Headers,
    body: unknown,
  ): Answer | undefined {
    if (!path.startsWith("oapi/v1/") && !path.startsWith("user/"))
      return undefined;
    const known = [
      "oapi/v1/msg",
      "oapi/v1/sendEmailCode",
      "oapi/v1/phoneLogin",
      "oapi/v1/wxState",
      "oapi/v1/wxLogin",
      "oapi/v1/refreshToken",
      "user/v1/info",
      "user/v1/bindPhone",
      "user/v1/loginOut",
      "user/v1/logoutAll",
    ];
    if (!known.includes(path)) return undefined;
    this.calls.push({ method, path, body, headers });
    const input = (body ?? {}) as Record<string, unknown>;
    const bearer = headers.get("Authorization")?.replace(/^Bearer /, "");
    const authed = bearer !== undefined && this.access.has(bearer);

    switch (path) {
      case "oapi/v1/msg":
        if (
          typeof input.phone !== "string" ||
          !/^1[3-9]\d{9}$/.test(input.phone)
        )
          return refuse("INVALID_FIELD", "phone: 手机号格式不正确", {
            field: "phone",
            wording: "phone",
          });
        return ok({ resendAfter: 60 });
      case "oapi/v1/sendEmailCode":
        return ok({ resendAfter: 60 });
      case "oapi/v1/phoneLogin":
        return input.code === VALID_CODE
          ? ok(this.issue())
          : refuse("CODE_WRONG", "The code is incorrect.");
      case "oapi/v1/wxState": {
        const state = `st${String(this.states.length + 1)}xyz`;
        this.states.push(state);
        return ok({ state });
      }
      case "oapi/v1/wxLogin":
        if (
          typeof input.state !== "string" ||
          !this.states.includes(input.state)
        )
          return refuse("WECHAT_STATE_MISMATCH", "state 无效");
        return String(input.code).startsWith("wx-ok")
          ? ok(this.issue())
          : refuse("WECHAT_CODE_INVALID", "微信授权码无效");
      case "oapi/v1/refreshToken": {
        const token = input.refresh_token;
        if (
          this.refuseRefresh ||
          typeof token !== "string" ||
          !this.refresh.has(token)
        )
          return refuse("REFRESH_INVALID", "refresh token revoked");
        this.refresh.delete(token);
        return ok(this.issue());
      }
      case "user/v1/info":
        if (!authed) return refuse("TOKEN_INVALID", "unauthorized");
        if (this.infoFailure !== undefined)
          return bareFailure(this.infoFailure, "info failed");
        return ok(this.user);
      case "user/v1/bindPhone":
        if (!authed) return refuse("TOKEN_INVALID", "unauthorized");
        if (input.account === TAKEN_PHONE)
          return refuse(
            "PHONE_TAKEN",
            "This phone number is already linked to another account.",
          );
        if (input.code !== VALID_CODE)
          return refuse("CODE_WRONG", "The code is incorrect.");
        this.user = {
          ...this.user,
          phone: `${String(input.account).slice(0, 3)}****${String(input.account).slice(7)}`,
        };
        return ok({ phone: this.user.phone });
      case "user/v1/loginOut":
        if (this.logoutFailure !== undefined)
          return bareFailure(this.logoutFailure, "logout failed");
        if (!authed) return refuse("TOKEN_INVALID", "unauthorized");
        this.access.delete(bearer);
        return ok(null);
      case "user/v1/logoutAll":
        if (!authed) return refuse("TOKEN_INVALID", "unauthorized");
        this.access.clear();
        this.refresh.clear();
        return ok(null);
      default:
        return undefined;
    }
  }
}
