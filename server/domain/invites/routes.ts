// Invite endpoints (signed in): my invite code and my inviter's (`user/getUserInfoWithInviteCodes`),
// binding my inviter once (`user/bindParentInviteCode`), and the people I invited with their paid
// orders (`invite/v1/records`; an approved manager sees the whole tree with depths and totals),
// each by a masked nickname only.
import { eq } from "drizzle-orm";
import { Type } from "typebox";
import { users } from "../../db/schema";
import { EnvelopeOf, ok } from "../../http/envelope";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { bindParent, findUser, inviteRecords, maskName } from "./inviteTree";

const tags = ["invites"];

const Inviter = Type.Object({
  nickname: Type.String(),
  avatarUrl: Type.String(),
  inviteCode: Type.String(),
});

const InviteCodes = Type.Object({
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

const BindRequest = Type.Object(
  { parentInviteCode: Type.String({ minLength: 1, maxLength: 32 }) },
  { additionalProperties: false },
);

const RecordsQuery = Type.Object({
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  ),
});

const InviteRecord = Type.Object({
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

const InviteRecords = Type.Object({
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

export const inviteRoutes: DomainPlugin = (app, { db, auth }) => {
  const codesOf = async (userId: number) => {
    const me = await findUser(db, userId);
    const parent =
      me.parentUserId === null
        ? undefined
        : (
            await db.select().from(users).where(eq(users.id, me.parentUserId))
          )[0];
    return {
      userId: me.id,
      nickname: me.nickname,
      avatarUrl: me.avatarUrl,
      inviteCode: me.inviteCode,
      parentInviteCode: parent?.inviteCode ?? null,
      parent:
        parent === undefined
          ? null
          : {
              nickname: parent.nickname,
              avatarUrl: parent.avatarUrl,
              inviteCode: parent.inviteCode,
            },
      isManager: me.isManager === 1 ? (1 as const) : (0 as const),
    };
  };

  return signedInRoutes(app, auth, (app) => {
    app.get(
      "/user/getUserInfoWithInviteCodes",
      {
        schema: {
          tags,
          summary: "My invite code and my inviter's",
          security: BEARER,
          response: { 200: EnvelopeOf(InviteCodes), ...ORDER_ERRORS },
        },
      },
      async (request) => ok(await codesOf(signedIn(request).userId)),
    );

    app.post(
      "/user/bindParentInviteCode",
      {
        schema: {
          tags,
          summary:
            "Bind my inviter by their invite code (once; no own code, no cycles)",
          security: BEARER,
          body: BindRequest,
          response: { 200: EnvelopeOf(InviteCodes), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        await bindParent(
          db,
          userId,
          request.body.parentInviteCode.trim().toUpperCase(),
        );
        return ok(await codesOf(userId));
      },
    );

    app.get(
      "/invite/v1/records",
      {
        schema: {
          tags,
          summary:
            "People I invited, when they joined, their paid orders (managers: the whole tree)",
          security: BEARER,
          querystring: RecordsQuery,
          response: { 200: EnvelopeOf(InviteRecords), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const me = await findUser(db, userId);
        const page = request.query.page ?? 1;
        const pageSize = request.query.pageSize ?? 20;
        const wholeTree = me.isManager === 1;
        const { rows, totals } = await inviteRecords(db, userId, wholeTree, {
          page,
          pageSize,
        });
        return ok({
          scope: wholeTree ? ("tree" as const) : ("direct" as const),
          list: rows.map((row) => ({
            nickname: maskName(row.nickname),
            joinedAt: new Date(row.created_at).toISOString(),
            depth: Number(row.depth),
            paidOrders: Number(row.paid_orders),
            paidFen: Number(row.paid_fen),
          })),
          total: Number(totals.people),
          page,
          pageSize,
          totals: {
            people: Number(totals.people),
            buyers: Number(totals.buyers),
            paidOrders: Number(totals.paid_orders),
            paidFen: Number(totals.paid_fen),
          },
        });
      },
    );
  });
};
