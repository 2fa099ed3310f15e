// Calls of the admin pages (#22) under admin/v1: manager applications, users' roles and bans, the
// audit log, the product editor. Admins only: everyone else is refused FORBIDDEN. Loaded with the
// admin routes only.
// NOTE: the shapes re-type server/domain/admin/schemas.ts and productSchemas.ts (src may not import
// server code; tests/server/admin checks the server's side; enums and limits come from the contract
// both sides import).
import type { AdminRole, AuditAction } from "#contract";
import { apiRequest } from "../../api/client";
import type { Page, ProductCategory } from "../../api/types";
import type { Locale } from "../../i18n/locales";

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

/** A text in each of the three languages. */
export type LocalizedText = Record<Locale, string>;

export interface AdminProductOption {
  id: number;
  label: LocalizedText;
  days: number;
  priceFen: number;
  /** Orders that name this option (any status): it can be repriced, not removed. */
  orderCount: number;
}

/** A product as the editor sees it: every language, hidden ones too (`active: false`). */
export interface AdminProduct {
  id: number;
  slug: string;
  category: ProductCategory;
  title: LocalizedText;
  summary: LocalizedText;
  /** Paragraphs per language. */
  description: Record<Locale, string[]>;
  /** An image path or a /media URL. */
  cover: string;
  monkId: number | null;
  askBeneficiary: boolean;
  askWish: boolean;
  askBirthDate: boolean;
  sortOrder: number;
  active: boolean;
  options: AdminProductOption[];
  orderCount: number;
}

/** A monk a product can name. */
export interface MonkChoice {
  id: number;
  name: LocalizedText;
}

export interface AdminProductList {
  /** In shop order. */
  list: AdminProduct[];
  monks: MonkChoice[];
}

/** Creates a product (no `id`) or edits one; options left out are removed. */
export interface ProductSaveBody {
  id?: number;
  /** Create only: a product's slug never changes. */
  slug?: string;
  category: ProductCategory;
  title: LocalizedText;
  summary: LocalizedText;
  description: Record<Locale, string[]>;
  /** A stored name from file/v1/upload: the new cover (required to create). */
  coverFileId?: string;
  monkId: number | null;
  askBeneficiary: boolean;
  askWish: boolean;
  askBirthDate: boolean;
  sortOrder: number;
  /** In display order; an option with `id` is edited, one without is added. */
  options: {
    id?: number;
    label: LocalizedText;
    days: number;
    priceFen: number;
  }[];
}

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
