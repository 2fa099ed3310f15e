// Calls of the service staff's chat workspace (#22) under staff/v1: whose chats the caller answers,
// a customer's context and the private note, the team's quick replies and handing a chat on.
// NOTE: the shapes re-type server/domain/workspace/schemas.ts; tests/src/temple/workspace/
// workspaceApi.test.ts fails the type check when the two drift apart.
import { apiRequest } from "../../api/client";

export interface QuickReply {
  id: number;
  text: string;
  updatedAt: string;
}

export interface WorkspacePerson {
  imId: string;
  nickname: string;
  avatarUrl: string;
}

export interface CustomerContext {
  userId: number;
  imId: string;
  nickname: string;
  avatarUrl: string;
  createdAt: string;
  /** Who answers this customer's chat now (getVirtual), or null before the first chat. */
  assignedTo: WorkspacePerson | null;
  invitedBy: WorkspacePerson | null;
  /** How many people this customer invited. */
  invitees: number;
  note: { text: string; updatedAt: string; updatedBy: string | null } | null;
  agreements: {
    id: number;
    masterId: number;
    /** sent | signed */
    status: string;
    createdAt: string;
    signedAt: string | null;
  }[];
}

export interface HandOffTarget extends WorkspacePerson {
  role: "service" | "monk";
}

export interface AssignedCustomers {
  /** IM ids, the newest assignment first. */
  list: string[];
  /** More are assigned than the server lists (its cap, 1000). */
  truncated: boolean;
}

interface Call {
  signal?: AbortSignal | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

export function fetchAssigned({ signal }: Call = {}) {
  return apiRequest<AssignedCustomers>("staff/v1/assigned", withSignal(signal));
}

export function fetchCustomer(imId: string, { signal }: Call = {}) {
  return apiRequest<CustomerContext>("staff/v1/customer", {
    query: { imId },
    ...withSignal(signal),
  });
}

/** Writes the note; an empty text clears it. Answers the customer's context as it is now. */
export function saveCustomerNote(imId: string, text: string) {
  return apiRequest<CustomerContext>("staff/v1/customer/note", {
    method: "POST",
    body: { imId, text },
  });
}

export async function fetchQuickReplies({ signal }: Call = {}) {
  const { list } = await apiRequest<{ list: QuickReply[] }>(
    "staff/v1/quickReplies",
    withSignal(signal),
  );
  return list;
}

/** Adds (no id) or edits a quick reply. */
export function saveQuickReply(body: { id?: number; text: string }) {
  return apiRequest<QuickReply>("staff/v1/quickReplies/save", {
    method: "POST",
    body,
  });
}

export function deleteQuickReply(id: number) {
  return apiRequest<null>("staff/v1/quickReplies/delete", {
    method: "POST",
    body: { id },
  });
}

export async function fetchHandOffTargets({ signal }: Call = {}) {
  const { list } = await apiRequest<{ list: HandOffTarget[] }>(
    "staff/v1/handOff/targets",
    withSignal(signal),
  );
  return list;
}

/** Hands the customer's chat to `toImId`; answers the customer's context with the new assignee. */
export function handOffChat(imId: string, toImId: string) {
  return apiRequest<CustomerContext>("staff/v1/handOff", {
    method: "POST",
    body: { imId, toImId },
  });
}
