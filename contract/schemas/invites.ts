// TypeBox schemas of invitations: my invite code and my inviter's, binding an inviter's code, and
// the people I invited (the whole tree with depths for approved managers) with totals. The server
// validates with them; the tab derives its types from them (src/api/invites.ts).
import { type Static, Type } from "typebox";

export const Inviter = Type.Object({
  nickname: Type.String(),
  avatarUrl: Type.String(),
  inviteCode: Type.String(),
});

export const InviteCodes = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  avatarUrl: Type.String(),
  inviteCode: Type.String({ description: "Mine, to share." }),
  parentInviteCode: Type.Union([Type.String(), Type.Null()], {
    description: "My inviter's, once bound.",
  }),
  parent: Type.Union([Inviter, Type.Null()]),
  isManager: Type.Union([Type.Literal(0), Type.Literal(1)]),
});

export const BindInviterRequest = Type.Object(
  { parentInviteCode: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);

export const InviteRecordsQuery = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  ),
});

export const InviteRecord = Type.Object({
  nickname: Type.String({
    description:
      "Masked: the first character and stars (张**, A***); no other personal data is given.",
  }),
  joinedAt: Type.String({
    format: "date-time",
    description: "When their account was created.",
  }),
  depth: Type.Integer({
    description: "1 = invited by me, 2 = by someone I invited, …",
  }),
  paidOrders: Type.Integer({ description: "Their paid-for orders." }),
  paidFen: Type.Integer({ description: "What they paid for them, in fen." }),
});

export const InviteRecords = Type.Object({
  scope: Type.Union([Type.Literal("direct"), Type.Literal("tree")], {
    description:
      "tree for approved managers (up to depth 20), else direct invitees only.",
  }),
  list: Type.Array(InviteRecord),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  totals: Type.Object({
    people: Type.Integer(),
    buyers: Type.Integer({
      description: "How many of them paid for at least one order.",
    }),
    paidOrders: Type.Integer(),
    paidFen: Type.Integer(),
  }),
});

export type InviteCodesDto = Static<typeof InviteCodes>;
