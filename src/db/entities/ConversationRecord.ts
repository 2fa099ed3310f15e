// One conversation (chat list row) in the per-user IM database (spec §3 "Conversation"). Unread is
// derived from sequence numbers so every badge agrees (workers/inbox/unread.ts).

/** A conversation row. Primary key `[channelId+channelType]`, index `timestamp` (list order). */
export interface ConversationRecord {
  channelId: string;
  channelType: number;
  /** Milliseconds of the last message that moves the conversation to the top. */
  timestamp: number;
  /** Highest messageSeq known in this channel (stored or announced by the server). */
  lastMessageSeq: number;
  /** The message shown as preview (a `messages` key), if it is stored locally. */
  lastClientMsgNo?: string;
  /** Every message up to and including this seq has been read by this user. */
  readToSeq: number;
  /** Seqs in (readToSeq, lastMessageSeq] that do not count as unread: own messages, messages without
   * RedDot. Ascending, trimmed whenever readToSeq advances. */
  uncountedSeqs: number[];
  /** Derived: lastMessageSeq − readToSeq − uncountedSeqs.length (never below 0). */
  unread: number;
  /** Server conversation version (remote extra), 0 when unknown. */
  version: number;
}
