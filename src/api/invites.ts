// Calls of invitations: my invite code and inviter, binding an inviter's code, and the people
// I invited (the whole tree with depths for managers) with totals.
import { apiRequest } from "./client";
import type { Page } from "./types";

export interface InviteInfo {
  userId: number;
  nickname: string;
  avatarUrl: string;
  inviteCode: string;
  parentInviteCode: string | null;
  parent: { nickname: string; avatarUrl: string; inviteCode: string } | null;
  isManager: 0 | 1;
}

export interface InviteRecord {
  /** Masked by the server: the first character and stars (张**, A***). */
  nickname: string;
  joinedAt: string;
  depth: number;
  paidOrders: number;
  paidFen: number;
}

export type InviteRecords = Page<InviteRecord> & {
  scope: "direct" | "tree";
  /** buyers: how many of them paid for at least one order. */
  totals: {
    people: number;
    buyers: number;
    paidOrders: number;
    paidFen: number;
  };
};

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
