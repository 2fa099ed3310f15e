// The search params of the admin pages: the applications' status, a user search, the audit log's
// filters, the product the editor has open, and the page. Bad values are dropped, never an error.
// NOTE: this runs in the first page's bundle (route files import it), so it names the contract's
// lists as types only.
import type { AuditAction } from "#contract";
import { parsePage, type PageSearch } from "../../router/params";
import type { ManagerStatus } from "./adminApi";

/** Rows per page of the admin lists (the contract's ADMIN_LIMITS.pageSize). */
export const ADMIN_PAGE_SIZE = 20;
/** The longest text a search takes (ADMIN_LIMITS.searchMaxChars). */
export const SEARCH_MAX_CHARS = 64;

/** The admin pages' sections (the path segment after /admin). */
export const ADMIN_SECTIONS = [
  "applications",
  "users",
  "products",
  "audit",
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

export function parseAdminSection(raw: string): AdminSection | undefined {
  return ADMIN_SECTIONS.find((section) => section === raw);
}

export interface ApplicationsSearch extends PageSearch {
  status?: ManagerStatus | undefined;
}
export interface UsersSearch extends PageSearch {
  q?: string | undefined;
}
export interface AuditSearch extends PageSearch {
  action?: AuditAction | undefined;
  /** An IM id, or `system`. */
  actor?: string | undefined;
}

const STATUSES: Readonly<Record<ManagerStatus, true>> = {
  pending: true,
  approved: true,
  rejected: true,
};

function text(value: unknown): string | undefined {
  // NOTE: an all-digit search (a phone, an IM id) arrives from the URL as a number.
  const found =
    typeof value === "string" || typeof value === "number"
      ? Array.from(String(value).trim()).slice(0, SEARCH_MAX_CHARS).join("")
      : "";
  return found === "" ? undefined : found;
}

/** The product the editor has open: a product's id, or `new` for one being created. */
export type ProductEdit = number | "new";
export interface ProductsSearch {
  edit?: ProductEdit | undefined;
}

function productEdit(value: unknown): ProductEdit | undefined {
  if (value === "new") return "new";
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** The search of every admin page (each reads its own fields): one parser, a small first page. */
export type AdminSearch = ApplicationsSearch &
  UsersSearch &
  AuditSearch &
  ProductsSearch;

export function validateAdminSearch(
  search: Record<string, unknown>,
): AdminSearch {
  const { status } = search;
  const action = text(search.action);
  return {
    status:
      typeof status === "string" && Object.hasOwn(STATUSES, status)
        ? (status as ManagerStatus)
        : undefined,
    q: text(search.q),
    // NOTE: the server judges the action against the contract's list; only the shape is checked.
    action:
      action !== undefined && /^[a-zA-Z]+\.[a-zA-Z]+$/.test(action)
        ? (action as AuditAction)
        : undefined,
    actor: text(search.actor),
    edit: productEdit(search.edit),
    page: parsePage(search.page),
  };
}
