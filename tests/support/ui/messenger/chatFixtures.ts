// Builders of IM database rows (as the worker stores them) for the messenger's UI tests, and a
// clean-up of the per-user database between tests. Test support.
import { closeImDb, imDbName, openImDb } from "../../../../src/db/db";
import { Dexie } from "dexie";
import type { AppDb } from "../../../../src/db/AppDb";
import type { ConversationRecord } from "../../../../src/db/entities/ConversationRecord";
import type { MessageRecord } from "../../../../src/db/entities/MessageRecord";

/** The signed-in test user's IM uid (tests/support/ui/fakeAccounts.ts makeUser). */
export const SELF = "u_42";

let counter = 0;

/** A link to a stored file on this page's origin: the only images a chat shows (#19). */
export function mediaUrl(name: string): string {
  return `${location.origin}/media/${name.repeat(32).slice(0, 32)}.png`;
}

/** A stored message (status normal, with seq) unless overridden. */
export function message(overrides: Partial<MessageRecord> = {}): MessageRecord {
  counter += 1;
  const seq = overrides.messageSeq ?? counter;
  return {
    clientMsgNo: `cm-${String(counter)}`,
    messageId: String(1_000_000 + counter),
    messageSeq: seq,
    channelId: "peer",
    channelType: 1,
    fromUid: "peer",
    timestamp: Date.UTC(2026, 10, 20, 2, 0, 0) + counter * 1000,
    contentType: 1,
    content: { type: 1, content: `hello ${String(counter)}` },
    status: "normal",
    redDot: true,
    receipt: false,
    readed: false,
    isDeleted: false,
    ...overrides,
  };
}

/** An own message the server has not acknowledged: no messageId or messageSeq yet. */
export function unsent(
  overrides: Partial<MessageRecord> & Pick<MessageRecord, "status">,
): MessageRecord {
  const {
    messageId: _id,
    messageSeq: _seq,
    ...row
  } = message({
    fromUid: SELF,
    ...overrides,
  });
  return row;
}

/** A text message from `from` in `channelId`. */
export function text(
  channelId: string,
  body: string,
  overrides: Partial<MessageRecord> = {},
): MessageRecord {
  return message({
    channelId,
    fromUid: channelId,
    content: { type: 1, content: body },
    ...overrides,
  });
}

export function conversation(
  channelId: string,
  overrides: Partial<ConversationRecord> = {},
): ConversationRecord {
  return {
    channelId,
    channelType: 1,
    timestamp: Date.UTC(2026, 10, 20, 2, 0, 0),
    lastMessageSeq: 0,
    readToSeq: 0,
    uncountedSeqs: [],
    unread: 0,
    version: 0,
    ...overrides,
  };
}

/** The test user's IM database, emptied. */
export async function freshDb(uid = SELF): Promise<AppDb> {
  closeImDb(uid);
  await Dexie.delete(imDbName(uid));
  return openImDb(uid);
}

/** Stores messages and a conversation pointing at the last of them. */
export async function seedChat(
  db: AppDb,
  channelId: string,
  messages: readonly MessageRecord[],
  overrides: Partial<ConversationRecord> = {},
): Promise<void> {
  const last = messages[messages.length - 1];
  await db.messages.bulkPut([...messages]);
  await db.conversations.put(
    conversation(channelId, {
      lastMessageSeq: Math.max(0, ...messages.map((m) => m.messageSeq ?? 0)),
      timestamp: last?.timestamp ?? 0,
      ...(last === undefined ? {} : { lastClientMsgNo: last.clientMsgNo }),
      ...overrides,
    }),
  );
}
