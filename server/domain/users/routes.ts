// Signed-in account endpoints under /api/app/user/v1: the user's info (with this session's IM
// token), phone binding, logout of this session and of every session.
import { isOnline } from "./presence";
import { AREA_CODE } from "#contract";
import { BindPhoneRequest, BoundPhone, UserInfo } from "#contract/schemas";
import { eq } from "drizzle-orm";
import { Type } from "typebox";
import { users } from "../../db/schema";
import { EnvelopeOf, ok } from "../../http/envelope";
import type { DomainPlugin } from "../../http/domainPlugin";
import { AuthError } from "../auth/AuthError";
import { localizeValidationErrors } from "../auth/authErrorReply";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import { bindPhone, isWechatBound } from "./accounts";
import { maskEmail, maskPhone } from "./mask";
import { USER_ERRORS } from "./schemas";

const tags = ["users"];

export const userRoutes: DomainPlugin = (
  app,
  { db, auth, presence, imTokenFor },
) => {
  localizeValidationErrors(app);
  const { sessions, codes, providers } = auth;

  return signedInRoutes(
    app,
    auth,
    (app) => {
      app.get(
        "/user/v1/info",
        {
          schema: {
            tags,
            summary: "The signed-in user, with this session's IM token",
            security: BEARER,
            response: { 200: EnvelopeOf(UserInfo), ...USER_ERRORS },
          },
        },
        async (request) => {
          const me = signedIn(request);
          const { userId } = me;
          const [user] = await db
            .select()
            .from(users)
            .where(eq(users.id, userId));
          if (user === undefined) throw new AuthError("SESSION_REVOKED");
          return ok({
            userId: user.id,
            imId: user.imId,
            imToken: await imTokenFor(me),
            isService: flag(user.isService),
            isMonk: flag(user.isMonk),
            isManager: flag(user.isManager),
            isAdmin: flag(user.isAdmin),
            avatarUrl: user.avatarUrl,
            nickname: user.nickname,
            online: await isOnline(presence, user.id),
            phone: user.phone === null ? null : maskPhone(user.phone),
            email: user.email === null ? null : maskEmail(user.email),
            wechatBound: await isWechatBound(db, user),
            inviteCode: user.inviteCode,
            createdAt: user.createdAt.toISOString(),
          });
        },
      );

      app.post(
        "/user/v1/bindPhone",
        {
          config: { fieldWording: { account: "phone" } },
          schema: {
            tags,
            summary:
              "Bind a phone number (verified by its code) to the signed-in account",
            security: BEARER,
            body: BindPhoneRequest,
            response: { 200: EnvelopeOf(BoundPhone), ...USER_ERRORS },
          },
        },
        async (request) => {
          const { userId, imId } = signedIn(request);
          const { account, code } = request.body;
          if (request.body.imId !== imId) throw new AuthError("IM_ID_MISMATCH");
          if (providers.sms === null)
            throw new AuthError("LOGIN_METHOD_DISABLED");
          await codes.verify(`phone:+${AREA_CODE}${account}`, code);
          await bindPhone(db, userId, account);
          return ok({ phone: maskPhone(account) });
        },
      );

      app.get(
        "/user/v1/loginOut",
        {
          schema: {
            tags,
            summary:
              "Sign out this session (access, refresh and IM token; closes its IM connections)",
            security: BEARER,
            response: { 200: EnvelopeOf(Type.Null()), ...USER_ERRORS },
          },
        },
        async (request) => {
          const { userId, sessionId } = signedIn(request);
          await sessions.revoke(userId, sessionId, "logout");
          return ok(null);
        },
      );

      app.post(
        "/user/v1/logoutAll",
        {
          schema: {
            tags,
            summary: "Sign out everywhere: every session of the user",
            security: BEARER,
            response: { 200: EnvelopeOf(Type.Null()), ...USER_ERRORS },
          },
        },
        async (request) => {
          await sessions.revokeAll(signedIn(request).userId, "logout_all");
          return ok(null);
        },
      );
    },
    "preHandler",
  );
};

function flag(value: number): 0 | 1 {
  return value === 1 ? 1 : 0;
}
