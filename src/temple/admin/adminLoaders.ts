// What the admin routes load: one page of applications, of users found, of the audit log; every
// product with the monks the editor offers. A 403 (not an admin) becomes NO_ACCESS, which the
// pages show as the "no access" screen; a user whose info already says they are no admin is not
// asked at all. Other failures are the route's.
import { AUDIT_ACTIONS } from "#contract";
import { isApiError } from "../../api/ApiError";
import type { Page } from "../../api/types";
import { session } from "../../state/session";
import {
  type AdminProductList,
  type AdminUser,
  type Application,
  type AuditEntry,
  fetchApplications,
  fetchAudit,
  fetchProducts,
  findUsers,
  type ManagerStatus,
} from "./adminApi";
import { isAdmin } from "./adminAccess";
import {
  ADMIN_PAGE_SIZE,
  type AdminSearch,
  type AdminSection,
  type ApplicationsSearch,
  type AuditSearch,
  type ProductEdit,
  type ProductsSearch,
  type UsersSearch,
} from "./adminSearch";

export const NO_ACCESS = { kind: "noAccess" } as const;
export type NoAccess = typeof NO_ACCESS;

export interface ApplicationsData {
  kind: "ok";
  section: "applications";
  status: ManagerStatus;
  page: Page<Application>;
}
export interface UsersData {
  kind: "ok";
  section: "users";
  q: string | undefined;
  /** null before a search. */
  page: Page<AdminUser> | null;
}
export interface AuditData {
  kind: "ok";
  section: "audit";
  search: AuditSearch;
  page: Page<AuditEntry>;
}

export interface ProductsData extends AdminProductList {
  kind: "ok";
  section: "products";
  /** The product the editor has open, if any. */
  edit: ProductEdit | undefined;
}

const knownNoAdmin = () => session.user !== null && !isAdmin(session.user);

async function guarded<T>(load: () => Promise<T>): Promise<T | NoAccess> {
  if (knownNoAdmin()) return NO_ACCESS;
  try {
    return await load();
  } catch (error) {
    if (isApiError(error) && error.status === 403) return NO_ACCESS;
    throw error;
  }
}

const paging = (page: number | undefined) => ({
  page: page ?? 1,
  pageSize: ADMIN_PAGE_SIZE,
});

export function loadApplications(
  search: ApplicationsSearch,
  signal: AbortSignal,
): Promise<ApplicationsData | NoAccess> {
  const status = search.status ?? "pending";
  return guarded(async () => ({
    kind: "ok" as const,
    section: "applications" as const,
    status,
    page: await fetchApplications(
      { status, ...paging(search.page) },
      { signal },
    ),
  }));
}

export function loadUsers(
  search: UsersSearch,
  signal: AbortSignal,
): Promise<UsersData | NoAccess> {
  const q = search.q;
  return guarded(async () => ({
    kind: "ok" as const,
    section: "users" as const,
    q,
    page:
      q === undefined
        ? null
        : await findUsers({ q, ...paging(search.page) }, { signal }),
  }));
}

export function loadAudit(
  search: AuditSearch,
  signal: AbortSignal,
): Promise<AuditData | NoAccess> {
  const action = AUDIT_ACTIONS.find((a) => a === search.action);
  const filter = { ...search, action };
  return guarded(async () => ({
    kind: "ok" as const,
    section: "audit" as const,
    search: filter,
    page: await fetchAudit(
      { action, actor: search.actor, ...paging(search.page) },
      { signal },
    ),
  }));
}

export function loadProducts(
  search: ProductsSearch,
  signal: AbortSignal,
): Promise<ProductsData | NoAccess> {
  return guarded(async () => ({
    kind: "ok" as const,
    section: "products" as const,
    edit: search.edit,
    ...(await fetchProducts({ signal })),
  }));
}

export type SectionData =
  ApplicationsData | UsersData | ProductsData | AuditData;

/** The page of one section, by the path's section. */
export function loadSection(
  section: AdminSection,
  search: AdminSearch,
  signal: AbortSignal,
): Promise<SectionData | NoAccess> {
  switch (section) {
    case "applications":
      return loadApplications(search, signal);
    case "users":
      return loadUsers(search, signal);
    case "products":
      return loadProducts(search, signal);
    case "audit":
      return loadAudit(search, signal);
  }
}
