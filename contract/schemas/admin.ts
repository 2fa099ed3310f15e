// TypeBox schemas of the admin pages' API (#22) under /api/app/admin/v1: manager applications,
// users and their roles, and the audit log (products: adminProducts.ts). Admins only; every change
// is audited. The server validates with them; src/temple/admin/adminApi.ts derives its types.
import { type Static, Type } from "typebox";
import {
  ADMIN_LIMITS,
  ADMIN_ROLES,
  AUDIT_ACTIONS,
  MANAGER_STATUSES,
} from "../admin";
import { DateTime, Id, ImId } from "./common";

const Paging = {
  page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  ),
  pageSize: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ADMIN_LIMITS.maxPageSize,
      default: ADMIN_LIMITS.pageSize,
    }),
  ),
};

/** Who applied, acted or is listed: enough to name and find them. */
export const AdminPerson = Type.Object({
  userId: Type.Integer(),
  imId: Type.String(),
  nickname: Type.String(),
});

// ── Manager applications ──

export const ApplicationsQuery = Type.Object({
  status: Type.Optional(
    Type.Enum([...MANAGER_STATUSES], { default: "pending" }),
  ),
  ...Paging,
});

export const Application = Type.Object({
  id: Type.Integer(),
  status: Type.Enum([...MANAGER_STATUSES]),
  applicant: AdminPerson,
  name: Type.String(),
  phone: Type.String({ description: "Masked: 138****0001." }),
  region: Type.String(),
  reason: Type.String(),
  createdAt: DateTime,
  decidedAt: Type.Union([DateTime, Type.Null()]),
  rejectReason: Type.Union([Type.String(), Type.Null()], {
    description: "What the applicant reads on their manager page.",
  }),
});

export const ApproveBody = Type.Object(
  { id: Id },
  { additionalProperties: false },
);

export const RejectBody = Type.Object(
  {
    id: Id,
    reason: Type.String({
      minLength: 1,
      maxLength: ADMIN_LIMITS.rejectReasonMaxChars,
    }),
  },
  { additionalProperties: false },
);

// ── Users ──

export const UsersQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    maxLength: ADMIN_LIMITS.searchMaxChars,
    description:
      "An IM id (exact or its beginning), part of a nickname (any case), or 4+ digits of a phone number.",
  }),
  ...Paging,
});

const Role = Type.Enum([...ADMIN_ROLES]);

export const AdminUser = Type.Object({
  ...AdminPerson.properties,
  avatarUrl: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()], {
    description: "Masked: 138****0001.",
  }),
  roles: Type.Array(Role),
  banned: Type.Boolean(),
  createdAt: DateTime,
});

export const RoleBody = Type.Object(
  { imId: ImId, role: Role, on: Type.Boolean() },
  { additionalProperties: false },
);

export const BanBody = Type.Object(
  { imId: ImId, banned: Type.Boolean() },
  { additionalProperties: false },
);

// ── Audit log ──

export const AuditQuery = Type.Object({
  action: Type.Optional(Type.Enum([...AUDIT_ACTIONS])),
  actor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "The acting person's IM id; `system` for the system's own.",
    }),
  ),
  ...Paging,
});

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: DateTime,
  action: Type.String(),
  actor: Type.Union([AdminPerson, Type.Null()], {
    description:
      "null: the system (a WeChat Pay notification, the sweeper, the operator's command line).",
  }),
  targetType: Type.String(),
  targetId: Type.String(),
  /** A user target's nickname and IM id, an order's number, a product's title. */
  targetLabel: Type.Union([Type.String(), Type.Null()]),
  details: Type.Record(Type.String(), Type.Unknown()),
});

export type ApplicationDto = Static<typeof Application>;
export type AdminUserDto = Static<typeof AdminUser>;
export type AuditEntryDto = Static<typeof AuditEntry>;
