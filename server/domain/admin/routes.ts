// The admin pages' API under /api/app/admin/v1 (#22), what `npm run admin` does, in the app:
// manager applications (list, approve, reject with a reason the applicant reads), users' roles
// and bans, the audit log (products: productRoutes.ts). Admins only (403 FORBIDDEN for everyone else); each change
// writes its audit record in the transaction that makes it.
import {
  AdminUser,
  Application,
  ApplicationsQuery,
  ApproveBody,
  AuditEntry,
  AuditQuery,
  BanBody,
  PageOf,
  RejectBody,
  RoleBody,
  UsersQuery,
} from "#contract/schemas";
import { Type } from "typebox";
import { EnvelopeOf, ok } from "../../http/envelope";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import type { DomainPlugin } from "../../http/domainPlugin";
import { ORDER_ERRORS } from "../orders/schemas";
import { requireAdmin } from "./adminAccess";
import {
  adminUser,
  applicationsPage,
  auditPage,
  findUsers,
} from "./adminQueries";
import { decideApplication } from "./managerDecisions";
import { setUserBanned, setUserRole } from "./userRoles";
import { ADMIN_LIMITS } from "#contract";

const tags = ["admin"];

export const adminRoutes: DomainPlugin = (app, deps) => {
  const { db, auth, clock, accountEvents } = deps;
  const admin = (request: Parameters<typeof signedIn>[0]) =>
    requireAdmin(db, signedIn(request).userId);
  const paging = (query: { page?: number; pageSize?: number }) => ({
    page: query.page ?? 1,
    pageSize: query.pageSize ?? ADMIN_LIMITS.pageSize,
  });

  return signedInRoutes(app, auth, (app) => {
    app.get(
      "/admin/v1/managerApplications",
      {
        schema: {
          tags,
          summary:
            "Manager applications by status (pending by default), oldest first",
          security: BEARER,
          querystring: ApplicationsQuery,
          response: { 200: EnvelopeOf(PageOf(Application)), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        await admin(request);
        return ok(
          await applicationsPage(
            db,
            request.query.status ?? "pending",
            paging(request.query),
          ),
        );
      },
    );

    app.post(
      "/admin/v1/managerApplications/approve",
      {
        schema: {
          tags,
          summary: "Approve a pending application: its user becomes a manager",
          security: BEARER,
          body: ApproveBody,
          response: { 200: EnvelopeOf(Type.Null()), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const me = await admin(request);
        await decideApplication(
          db,
          { id: request.body.id, approve: true },
          me.userId,
          clock(),
        );
        return ok(null);
      },
    );

    app.post(
      "/admin/v1/managerApplications/reject",
      {
        schema: {
          tags,
          summary:
            "Reject a pending application with a reason the applicant reads",
          security: BEARER,
          body: RejectBody,
          response: { 200: EnvelopeOf(Type.Null()), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const me = await admin(request);
        await decideApplication(
          db,
          { id: request.body.id, approve: false, reason: request.body.reason },
          me.userId,
          clock(),
        );
        return ok(null);
      },
    );

    app.get(
      "/admin/v1/users",
      {
        schema: {
          tags,
          summary:
            "Find users by IM id, nickname or phone digits, with their roles (phones masked)",
          security: BEARER,
          querystring: UsersQuery,
          response: { 200: EnvelopeOf(PageOf(AdminUser)), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        await admin(request);
        return ok(await findUsers(db, request.query.q, paging(request.query)));
      },
    );

    app.post(
      "/admin/v1/users/role",
      {
        schema: {
          tags,
          summary:
            "Grant or revoke a role (admin, service, monk, manager); no admin revokes their own admin role",
          security: BEARER,
          body: RoleBody,
          response: { 200: EnvelopeOf(AdminUser), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const me = await admin(request);
        const userId = await setUserRole(db, {
          ...request.body,
          actorUserId: me.userId,
          now: new Date(clock()),
        });
        return ok(await adminUser(db, userId));
      },
    );

    app.post(
      "/admin/v1/users/ban",
      {
        schema: {
          tags,
          summary:
            "Ban a user (every session ends at once) or lift the ban; admins cannot be banned",
          security: BEARER,
          body: BanBody,
          response: { 200: EnvelopeOf(AdminUser), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        const me = await admin(request);
        const userId = await setUserBanned(
          { db, sessions: auth.sessions, events: accountEvents },
          {
            ...request.body,
            actorUserId: me.userId,
            now: new Date(clock()),
          },
        );
        return ok(await adminUser(db, userId));
      },
    );

    app.get(
      "/admin/v1/audit",
      {
        schema: {
          tags,
          summary:
            "The audit log, newest first; filter by action and by the actor's IM id (or system)",
          security: BEARER,
          querystring: AuditQuery,
          response: { 200: EnvelopeOf(PageOf(AuditEntry)), ...ORDER_ERRORS },
        },
      },
      async (request) => {
        await admin(request);
        const { action, actor } = request.query;
        return ok(
          await auditPage(db, { action, actor }, paging(request.query)),
        );
      },
    );
  });
};
