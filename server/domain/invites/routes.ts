// Invite endpoints (signed in): my invite code and my inviter's (`user/getUserInfoWithInviteCodes`),
// binding my inviter once (`user/bindParentInviteCode`), and the people I invited with their paid
// orders (`invite/v1/records`; an approved manager sees the whole tree with depths and totals),
// each by a masked nickname only.
import {
  BindInviterRequest,
  InviteCodes,
  InviteRecords,
  InviteRecordsQuery,
} from "#contract/schemas";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { EnvelopeOf, ok } from "../../http/envelope";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { bindParent, findUser, inviteRecords, maskName } from "./inviteTree";

const tags = ["invites"];

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
          body: BindInviterRequest,
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
          querystring: InviteRecordsQuery,
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
