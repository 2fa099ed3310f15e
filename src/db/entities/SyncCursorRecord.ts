// Sync cursors of the per-user IM database: server versions already applied, and per-channel
// "history cleared up to" marks left by deleting a conversation.

/** The global cursor names (conversation list version, message extras version, reminders version). */
export const SyncCursorName = {
  CONVERSATIONS: "conversationVersion",
  EXTRAS: "extrasVersion",
  REMINDERS: "remindersVersion",
} as const;

/** Name of the cursor holding the highest messageSeq deleted with a channel's conversation. */
export function clearedCursorName(channelKey: string): string {
  return `cleared:${channelKey}`;
}

/** A sync cursor row. Primary key `name`. */
export interface SyncCursorRecord {
  name: string;
  value: number;
}
