// What the admin pages and the admin API share (#22): the roles an admin grants, the audit
// actions the viewer filters by, and the lists' limits. The server's schemas and the pages both
// read these; nothing here talks to the database or the DOM.

/** The roles an admin grants and revokes (users.is_admin, is_service, is_monk, is_manager). */
export const ADMIN_ROLES = ["admin", "service", "monk", "manager"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

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
