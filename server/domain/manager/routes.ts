// Manager endpoints (signed in): `POST manager/v1/apply` and `GET manager/v1/info` (none, pending,
// approved or rejected, with dates and the rejection reason). Decisions are taken by an admin with
// `npm run admin -- manager:approve|manager:reject`.
import { ManagerApplyRequest, ManagerInfo } from "#contract/schemas";
import { eq } from "drizzle-orm";
import { type ManagerApplicationRow, users } from "../../db/schema";
import { EnvelopeOf, ok } from "../../http/envelope";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { applyForManager, latestApplication } from "./managerApplications";

const tags = ["managers"];

export const managerRoutes: DomainPlugin = (app, { db, auth, clock }) => {
  const infoOf = async (
    userId: number,
    row: ManagerApplicationRow | undefined,
  ) => {
    const [user] = await db
      .select({ isManager: users.isManager })
      .from(users)
      .where(eq(users.id, userId));
    const isManager = user?.isManager === 1 ? (1 as const) : (0 as const);
    return {
      status:
        row?.status ??
        (isManager === 1 ? ("approved" as const) : ("none" as const)),
      isManager,
      applicationId: row?.id ?? null,
      name: row?.name ?? null,
      region: row?.region ?? null,
      appliedAt: row?.createdAt.toISOString() ?? null,
      decidedAt: row?.decidedAt?.toISOString() ?? null,
      rejectReason: row?.rejectReason ?? null,
    };
  };

  return signedInRoutes(app, auth, (app) => {
    app.post(
      "/manager/v1/apply",
      {
        schema: {
          tags,
          summary: "Apply to become a manager (again after a rejection)",
          security: BEARER,
          body: ManagerApplyRequest,
          response: { 200: EnvelopeOf(ManagerInfo), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        const row = await applyForManager(db, userId, request.body, clock());
        return ok(await infoOf(userId, row));
      },
    );

    app.get(
      "/manager/v1/info",
      {
        schema: {
          tags,
          summary:
            "My manager application: none, pending, approved or rejected",
          security: BEARER,
          response: { 200: EnvelopeOf(ManagerInfo), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const { userId } = signedIn(request);
        return ok(await infoOf(userId, await latestApplication(db, userId)));
      },
    );
  });
};
