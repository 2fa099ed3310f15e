// A reminder attached to a conversation (spec §3 "Reminder": mention me, apply to join group).

/** Reminder types (spec §3). */
export const ReminderType = { MENTION_ME: 1, APPLY_JOIN_GROUP: 2 } as const;
/** One of the {@link ReminderType} numbers. */
export type ReminderType = (typeof ReminderType)[keyof typeof ReminderType];

/** A reminder row. Primary key `reminderId`, index `[channelId+channelType]`. */
export interface ReminderRecord {
  reminderId: number;
  reminderType: number;
  channelId: string;
  channelType: number;
  messageSeq: number;
  text: string;
  /** Marked done locally before the server call (spec §4). */
  done: boolean;
  version: number;
}
