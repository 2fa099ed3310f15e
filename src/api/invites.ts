// Calls of invitations: my invite code and inviter, binding an inviter's code, and the people
// I invited (the whole tree with depths for managers) with totals. The shapes are the server's
// own schemas (#contract), as types only.
import type {
  InviteCodes,
  InviteRecord as InviteRecordSchema,
  InviteRecords as InviteRecordsSchema,
} from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "./client";

export type InviteInfo = Static<typeof InviteCodes>;
/** One person I invited; `nickname` is masked by the server (张**, A***). */
export type InviteRecord = Static<typeof InviteRecordSchema>;
/** `totals.buyers`: how many of them paid for at least one order. */
export type InviteRecords = Static<typeof InviteRecordsSchema>;

export const INVITE_RECORDS_PAGE_SIZE = 20;

export function fetchInviteInfo({
  signal,
}: { signal?: AbortSignal } = {}): Promise<InviteInfo> {
  return apiRequest(
    "user/getUserInfoWithInviteCodes",
    signal ? { signal } : {},
  );
}

export function bindInviteCode(parentInviteCode: string): Promise<InviteInfo> {
  return apiRequest("user/bindParentInviteCode", {
    method: "POST",
    body: { parentInviteCode },
  });
}

export function fetchInviteRecords(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<InviteRecords> {
  return apiRequest("invite/v1/records", {
    query: { page, pageSize: INVITE_RECORDS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
}
