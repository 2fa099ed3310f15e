// What the admin pages and the admin API share (#22): the roles an admin grants, a manager
// application's states, the audit actions the viewer filters by, and the lists' limits. The server's schemas and the pages both
// read these; nothing here talks to the database or the DOM.

/** The roles an admin grants and revokes (users.is_admin, is_service, is_monk, is_manager). */
export const ADMIN_ROLES = ["admin", "service", "monk", "manager"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** A manager application's states (manager_applications.status): pending until an admin decides. */
export const MANAGER_STATUSES = ["pending", "approved", "rejected"] as const;
export type ManagerStatus = (typeof MANAGER_STATUSES)[number];

/** Every action the audit log records (server/domain/audit/auditLog.ts writes them). */
export const AUDIT_ACTIONS = [
  "order.fulfil",
  "refund.request",
  "refund.approve",
  "refund.decline",
  "refund.refused",
  "refund.settle",
  "user.role",
  "user.ban",
  "user.unban",
  "manager.approve",
  "manager.reject",
  "product.create",
  "product.edit",
  "product.hide",
  "product.show",
  "quickReply.save",
  "quickReply.delete",
  "customerNote.save",
  "chat.handOff",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const ADMIN_LIMITS = {
  /** Rows per page of the admin lists (the API accepts up to maxPageSize). */
  pageSize: 20,
  maxPageSize: 50,
  /** A user search's text. */
  searchMaxChars: 64,
  /** The reason a rejected applicant reads. */
  rejectReasonMaxChars: 500,
} as const;

/** What an admin may set on a blessing product (the admin's product editor and its API). */
export const PRODUCT_LIMITS = {
  slugMaxChars: 60,
  titleMaxChars: 40,
  summaryMaxChars: 200,
  /** The description: up to this many paragraphs per language, each up to paragraphMaxChars. */
  paragraphsMax: 10,
  paragraphMaxChars: 1000,
  /** Options (durations with their prices) a product offers. */
  optionsMax: 8,
  optionLabelMaxChars: 20,
  /** The highest price of one option, in fen (¥100,000.00). */
  priceFenMax: 10_000_000,
  /** The longest option, in days (ten years). */
  daysMax: 3650,
  sortOrderMax: 100_000,
} as const;

/** A product's slug: lowercase words joined by hyphens (`bright-lamp`). */
export const PRODUCT_SLUG_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$";
