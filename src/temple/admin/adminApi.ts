// Calls of the admin pages (#22) under admin/v1: manager applications, users' roles and bans, the
// audit log, the product editor. Admins only: everyone else is refused FORBIDDEN. Loaded with the
// admin routes only.
// The shapes are the server's own schemas (#contract), as types only: nothing of typebox is bundled.
import type {
  AdminPerson,
  AdminProduct as AdminProductSchema,
  AdminProductList as AdminProductListSchema,
  AdminProductOption as AdminProductOptionSchema,
  AdminRole,
  AdminUser as AdminUserSchema,
  Application as ApplicationSchema,
  AuditAction,
  AuditEntry as AuditEntrySchema,
  ManagerStatus,
  MonkChoice as MonkChoiceSchema,
  ProductSaveBody as ProductSaveBodySchema,
} from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "../../api/client";
import type { Page } from "../../api/types";
import type { Locale } from "../../i18n/locales";

export type { ManagerStatus };
export type Person = Static<typeof AdminPerson>;
export type Application = Static<typeof ApplicationSchema>;
export type AdminUser = Static<typeof AdminUserSchema>;
export type AuditEntry = Static<typeof AuditEntrySchema>;

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

/** A text in each of the three languages. */
export type LocalizedText = Record<Locale, string>;

export type AdminProductOption = Static<typeof AdminProductOptionSchema>;
/** A product as the editor sees it: every language, hidden ones too (`active: false`). */
export type AdminProduct = Static<typeof AdminProductSchema>;
export type MonkChoice = Static<typeof MonkChoiceSchema>;
export type AdminProductList = Static<typeof AdminProductListSchema>;
/** Creates a product (no `id`) or edits one; options left out are removed. */
export type ProductSaveBody = Static<typeof ProductSaveBodySchema>;

export function fetchProducts({
  signal,
}: Call = {}): Promise<AdminProductList> {
  return apiRequest("admin/v1/products", withSignal(signal));
}

export function saveProduct(body: ProductSaveBody): Promise<AdminProduct> {
  return apiRequest("admin/v1/products/save", { method: "POST", body });
}

/** Hides a product from the shop (`active: false`) or shows it again. */
export function setProductActive(
  id: number,
  active: boolean,
): Promise<AdminProduct> {
  return apiRequest("admin/v1/products/visibility", {
    method: "POST",
    body: { id, active },
  });
}
