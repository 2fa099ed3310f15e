// Calls of the admin pages (#22) under admin/v1: manager applications, users' roles and bans, the
// audit log. Admins only: everyone else is refused FORBIDDEN. Loaded with the admin routes only.
// NOTE: the shapes re-type server/domain/admin/schemas.ts (tests/server/admin checks the server's
// side; the enums come from the contract both sides import).
import type { AdminRole, AuditAction } from "#contract";
import { apiRequest } from "../../api/client";
import type { Page } from "../../api/types";

export type ManagerStatus = "pending" | "approved" | "rejected";

export interface Person {
  userId: number;
  imId: string;
  nickname: string;
}

export interface Application {
  id: number;
  status: ManagerStatus;
  applicant: Person;
  name: string;
  /** Masked: 139****5678. */
  phone: string;
  region: string;
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  rejectReason: string | null;
}

export interface AdminUser extends Person {
  avatarUrl: string;
  /** Masked; null when none is bound. */
  phone: string | null;
  roles: AdminRole[];
  banned: boolean;
  createdAt: string;
}

export interface AuditEntry {
  id: number;
  at: string;
  action: string;
  /** null: the system (a payment notification, the sweeper, the command line). */
  actor: Person | null;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  details: Record<string, unknown>;
}

interface Call {
  signal?: AbortSignal | undefined;
}
interface Paging {
  page?: number | undefined;
  pageSize?: number | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

export function fetchApplications(
  params: { status: ManagerStatus } & Paging,
  { signal }: Call = {},
): Promise<Page<Application>> {
  return apiRequest("admin/v1/managerApplications", {
    query: { ...params },
    ...withSignal(signal),
  });
}

export function approveApplication(id: number): Promise<null> {
  return apiRequest("admin/v1/managerApplications/approve", {
    method: "POST",
    body: { id },
  });
}

export function rejectApplication(id: number, reason: string): Promise<null> {
  return apiRequest("admin/v1/managerApplications/reject", {
    method: "POST",
    body: { id, reason },
  });
}

export function findUsers(
  params: { q: string } & Paging,
  { signal }: Call = {},
): Promise<Page<AdminUser>> {
  return apiRequest("admin/v1/users", {
    query: { ...params },
    ...withSignal(signal),
  });
}

export function setRole(
  imId: string,
  role: AdminRole,
  on: boolean,
): Promise<AdminUser> {
  return apiRequest("admin/v1/users/role", {
    method: "POST",
    body: { imId, role, on },
  });
}

export function setBanned(imId: string, banned: boolean): Promise<AdminUser> {
  return apiRequest("admin/v1/users/ban", {
    method: "POST",
    body: { imId, banned },
  });
}

export function fetchAudit(
  params: {
    action?: AuditAction | undefined;
    actor?: string | undefined;
  } & Paging,
  { signal }: Call = {},
): Promise<Page<AuditEntry>> {
  return apiRequest("admin/v1/audit", {
    query: { ...params },
    ...withSignal(signal),
  });
}
