// The search params of the admin pages: the applications' status, a user search, the audit log's
// filters, and the page. Bad values are dropped, never an error. NOTE: this runs in the first
// page's bundle (route files import it), so it names the contract's lists as types only.
import type { AuditAction } from "#contract";
import { parsePage, type PageSearch } from "../../router/params";
import type { ManagerStatus } from "./adminApi";

/** Rows per page of the admin lists (the contract's ADMIN_LIMITS.pageSize). */
export const ADMIN_PAGE_SIZE = 20;
/** The longest text a search takes (ADMIN_LIMITS.searchMaxChars). */
export const SEARCH_MAX_CHARS = 64;

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

export function validateApplicationsSearch(
  search: Record<string, unknown>,
): ApplicationsSearch {
  const status = search.status;
  return {
    status:
      typeof status === "string" && Object.hasOwn(STATUSES, status)
        ? (status as ManagerStatus)
        : undefined,
    page: parsePage(search.page),
  };
}

export function validateUsersSearch(
  search: Record<string, unknown>,
): UsersSearch {
  return { q: text(search.q), page: parsePage(search.page) };
}

export function validateAuditSearch(
  search: Record<string, unknown>,
): AuditSearch {
  const action = text(search.action);
  return {
    // NOTE: the server judges the action against the contract's list (400 for an unknown one,
    // which the loader shows as an empty filter result); only the shape is checked here.
    action:
      action !== undefined && /^[a-zA-Z]+\.[a-zA-Z]+$/.test(action)
        ? (action as AuditAction)
        : undefined,
    actor: text(search.actor),
    page: parsePage(search.page),
  };
}
