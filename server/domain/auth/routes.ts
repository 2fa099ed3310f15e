// Sign-in endpoints under /api/app/oapi/v1: code sending (SMS, e-mail), code login, WeChat state
// and login, refresh. Errors are AuthErrors with localized messages; see auth-api.md for the rules.
import {
  AREA_CODE,
  EMAIL_PATTERN,
  MAX_EMAIL_LENGTH,
  PHONE_PATTERN,
} from "#contract";
import {
  CodeLoginRequest,
  CodeSent,
  EmailCodeQuery,
  PhoneCodeRequest,
  RefreshRequest,
  TokenPair,
  WechatLoginRequest,
  WechatState,
  WechatStateRequest,
} from "#contract/schemas";
import type { FastifyRequest } from "fastify";
import type { UserRow } from "../../db/schema";
import { API_PREFIX, EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/domainPlugin";
import type { LoginCodeLocale } from "../../providers/loginCodeMessages";
import { resolvePublicUrl } from "../system/runtimeConfig";
import {
  findOrCreateByEmail,
  findOrCreateByPhone,
  findOrCreateByWechat,
} from "../users/accounts";
import { AuthError } from "./AuthError";
import { localizeValidationErrors } from "./authErrorReply";
import {
  CODE_RULES,
  type CodeTarget,
  RESEND_AFTER_SECONDS,
} from "./loginCodes";
import { browserIdFrom, newBrowserId, oauthCookie } from "./oauthStates";
import { providerFailure } from "./providerFailure";
import { localeFromAcceptLanguage } from "./requestLocale";
import { AUTH_ERRORS } from "./schemas";
import type { SessionMeta } from "./sessions";

const tags = ["auth"];
const CODE_TTL_MINUTES = CODE_RULES.ttlMs / 60_000;
const PHONE = new RegExp(PHONE_PATTERN);
const EMAIL = new RegExp(EMAIL_PATTERN);

export const authRoutes: DomainPlugin = (app, { config, db, clock, auth }) => {
  localizeValidationErrors(app);
  const { codes, sessions, oauthStates, providers } = auth;

  const localeOf = (request: FastifyRequest): LoginCodeLocale =>
    localeFromAcceptLanguage(request.headers["accept-language"]);
  const metaOf = (request: FastifyRequest): SessionMeta => ({
    userAgent: request.headers["user-agent"],
    ip: request.ip,
  });
  const signIn = async (
    user: UserRow,
    request: FastifyRequest,
    method: "phone" | "email" | "wechat",
  ) => {
    if (user.banned) throw new AuthError("ACCOUNT_BANNED");
    const pair = await sessions.create(user.id, metaOf(request));
    request.log.info({ userId: user.id, method }, "signed in");
    return ok(pair);
  };

  app.post(
    "/oapi/v1/msg",
    {
      schema: {
        tags,
        summary:
          "Send a login code by SMS (same answer whether or not an account exists)",
        body: PhoneCodeRequest,
        response: { 200: EnvelopeOf(CodeSent), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const sms = providers.sms;
      if (sms === null) throw new AuthError("LOGIN_METHOD_DISABLED");
      const { phone } = request.body;
      const target: CodeTarget = `phone:+${AREA_CODE}${phone}`;
      const code = await codes.issue(target, request.ip);
      try {
        await sms.sendLoginCode({
          phone,
          areaCode: AREA_CODE,
          code,
          ttlMinutes: CODE_TTL_MINUTES,
          locale: localeOf(request),
        });
      } catch (error) {
        await codes.withdraw(target, code);
        throw providerFailure(error, "sms", request.log);
      }
      return ok({ resendAfter: RESEND_AFTER_SECONDS });
    },
  );

  app.get(
    "/oapi/v1/sendEmailCode",
    {
      schema: {
        tags,
        summary:
          "Send a login code by e-mail (same answer whether or not an account exists)",
        querystring: EmailCodeQuery,
        response: { 200: EnvelopeOf(CodeSent), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const email = providers.email;
      if (email === null) throw new AuthError("LOGIN_METHOD_DISABLED");
      const address = normalizeEmail(request.query.email);
      const target: CodeTarget = `email:${address}`;
      const code = await codes.issue(target, request.ip);
      try {
        await email.sendLoginCode({
          email: address,
          code,
          ttlMinutes: CODE_TTL_MINUTES,
          locale: localeOf(request),
        });
      } catch (error) {
        await codes.withdraw(target, code);
        throw providerFailure(error, "email", request.log);
      }
      return ok({ resendAfter: RESEND_AFTER_SECONDS });
    },
  );

  app.post(
    "/oapi/v1/phoneLogin",
    {
      schema: {
        tags,
        summary:
          "Sign in (or sign up) with a phone number or e-mail address and its code",
        body: CodeLoginRequest,
        response: { 200: EnvelopeOf(TokenPair), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const { account, code, areaCode } = request.body;
      const trimmed = account.trim();
      if (trimmed.includes("@")) {
        if (providers.email === null)
          throw new AuthError("LOGIN_METHOD_DISABLED");
        if (trimmed.length > MAX_EMAIL_LENGTH || !EMAIL.test(trimmed))
          throw new AuthError("INVALID_FIELD", { field: "account" });
        const address = normalizeEmail(trimmed);
        await codes.verify(`email:${address}`, code);
        return signIn(await findOrCreateByEmail(db, address), request, "email");
      }
      if (providers.sms === null) throw new AuthError("LOGIN_METHOD_DISABLED");
      if (!PHONE.test(trimmed))
        throw new AuthError("INVALID_FIELD", { field: "account" });
      await codes.verify(`phone:+${areaCode ?? AREA_CODE}${trimmed}`, code);
      return signIn(await findOrCreateByPhone(db, trimmed), request, "phone");
    },
  );

  app.post(
    "/oapi/v1/wxState",
    {
      schema: {
        tags,
        summary:
          "Start a WeChat login: a single-use state bound to this browser (cookie fy_oauth)",
        body: WechatStateRequest,
        response: { 200: EnvelopeOf(WechatState), ...AUTH_ERRORS },
      },
    },
    async (request, reply) => {
      if (providers.wechat === null)
        throw new AuthError("LOGIN_METHOD_DISABLED");
      const browserId = browserIdFrom(request.headers.cookie) ?? newBrowserId();
      const state = await oauthStates.issue(
        request.body.type,
        browserId,
        request.ip,
      );
      const publicUrl = new URL(resolvePublicUrl(config, app.server.address()));
      reply.header(
        "set-cookie",
        oauthCookie(browserId, {
          path: `${publicUrl.pathname.replace(/\/+$/, "")}${API_PREFIX}/oapi/v1`,
          // NOTE: production always runs behind https (HSTS); a plain-http PUBLIC_URL there is a
          // misconfiguration, and the browser then drops the cookie rather than send it in clear.
          secure:
            publicUrl.protocol === "https:" || config.nodeEnv === "production",
        }),
      );
      return ok({ state });
    },
  );

  app.post(
    "/oapi/v1/wxLogin",
    {
      config: { typedFields: false },
      schema: {
        tags,
        summary:
          "Sign in with the code WeChat returned (state checked against the fy_oauth cookie)",
        body: WechatLoginRequest,
        response: { 200: EnvelopeOf(TokenPair), ...AUTH_ERRORS },
      },
    },
    async (request) => {
      const wechat = providers.wechat;
      if (wechat === null) throw new AuthError("LOGIN_METHOD_DISABLED");
      const { code, state } = request.body;
      const type = request.body.type ?? 1;
      await oauthStates.consume(
        state,
        browserIdFrom(request.headers.cookie),
        type,
      );
      const client = wechat.clients[type];
      const exchange = await client
        .exchangeCode(code)
        .catch((error: unknown) => {
          throw providerFailure(error, "wechat", request.log);
        });
      const user = await findOrCreateByWechat(
        db,
        {
          appId: client.appId,
          openid: exchange.openid,
          unionid: exchange.unionid,
        },
        () =>
          client
            .userInfo(exchange.accessToken, exchange.openid)
            .catch((error: unknown) => {
              throw providerFailure(error, "wechat", request.log);
            }),
        new Date(clock()),
      );
      return signIn(user, request, "wechat");
    },
  );

  app.post(
    "/oapi/v1/refreshToken",
    {
      schema: {
        tags,
        summary:
          "Exchange a refresh token for a new pair (rotated; reuse ends the session)",
        body: RefreshRequest,
        response: { 200: EnvelopeOf(TokenPair), ...AUTH_ERRORS },
      },
    },
    async (request) => ok(await sessions.refresh(request.body.refresh_token)),
  );
};

/** Addresses are compared case-insensitively (stored and keyed in lower case). */
function normalizeEmail(address: string): string {
  return address.trim().toLowerCase();
}
