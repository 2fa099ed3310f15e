// Calls of the service staff's chat workspace (#22) under staff/v1: whose chats the caller answers,
// a customer's context and the private note, the team's quick replies and handing a chat on.
// The shapes are the server's own schemas (#contract), as types only: nothing of typebox is bundled.
import type {
  AssignedCustomers as AssignedCustomersSchema,
  CustomerContext as CustomerContextSchema,
  HandOffTarget as HandOffTargetSchema,
  QuickReply as QuickReplySchema,
  QuickReplyList,
  SaveQuickReplyBody,
  WorkspacePerson as WorkspacePersonSchema,
} from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "../../api/client";

export type QuickReply = Static<typeof QuickReplySchema>;
export type WorkspacePerson = Static<typeof WorkspacePersonSchema>;
export type CustomerContext = Static<typeof CustomerContextSchema>;
export type HandOffTarget = Static<typeof HandOffTargetSchema>;
export type AssignedCustomers = Static<typeof AssignedCustomersSchema>;

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
  const { list } = await apiRequest<Static<typeof QuickReplyList>>(
    "staff/v1/quickReplies",
    withSignal(signal),
  );
  return list;
}

/** Adds (no id) or edits a quick reply. */
export function saveQuickReply(body: Static<typeof SaveQuickReplyBody>) {
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
