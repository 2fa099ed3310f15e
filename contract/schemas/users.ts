// TypeBox schemas of the signed-in account API: UserInfo and phone binding. The server validates
// with them; the tab derives UserInfo from them (src/api/accountTypes.ts).
import { type Static, Type } from "typebox";
import { AREA_CODE, LOGIN_CODE_PATTERN, PHONE_PATTERN } from "../accounts";

const Flag = Type.Union([Type.Literal(0), Type.Literal(1)]);

export const UserInfo = Type.Object({
  userId: Type.Integer(),
  imId: Type.String({ description: "The user's IM uid." }),
  imToken: Type.String({
    description:
      "This session's IM token (new at every sign-in, ends with the session).",
  }),
  isService: Flag,
  isMonk: Flag,
  isManager: Flag,
  /** Runs the temple's side: every order, refund reviews, roles (#22). */
  isAdmin: Flag,
  avatarUrl: Type.String(),
  nickname: Type.String(),
  online: Type.Boolean({ description: "The user has a live IM connection." }),
  phone: Type.Union([Type.String(), Type.Null()], {
    description: 'Masked, e.g. "138****0001"; null when none is bound.',
  }),
  email: Type.Union([Type.String(), Type.Null()], {
    description: 'Masked, e.g. "u***@fuyuan.local"; null when none is bound.',
  }),
  wechatBound: Type.Boolean(),
  inviteCode: Type.String(),
  createdAt: Type.String({ description: "ISO 8601." }),
});

export const BindPhoneRequest = Type.Object({
  account: Type.String({
    pattern: PHONE_PATTERN,
    description: "The mobile number to bind.",
  }),
  code: Type.String({
    pattern: LOGIN_CODE_PATTERN,
    description: "The code sent to it by oapi/v1/msg.",
  }),
  areaCode: Type.Literal(AREA_CODE),
  imId: Type.String({
    minLength: 1,
    maxLength: 64,
    description: "The signed-in user's imId (must match the session).",
  }),
});

export const BoundPhone = Type.Object({
  phone: Type.String({ description: 'Masked, e.g. "138****0001".' }),
});

export type UserInfoDto = Static<typeof UserInfo>;
