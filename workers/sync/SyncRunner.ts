// Catching up over REST: on every connect the conversation list (with recent messages and the
// missed messages of channels we have history for), message extras and reminders; gap repair
// after a RECV that skipped seqs; and loadOlder's server half. One sync-all runs at a time.
import {
  channelKey,
  parseChannelKey,
  type ChannelRef,
} from "../../src/db/channelKey";
import type { MessageRecord } from "../../src/db/entities/MessageRecord";
import { SyncCursorName } from "../../src/db/entities/SyncCursorRecord";
import {
  applyServerConversations,
  deleteConversation,
} from "../store/conversationRepo";
import { applyExtras } from "../store/extrasRepo";
import {
  countStored,
  lastStoredSeq,
  planLoadOlder,
  recentHoleSpan,
} from "../store/historyRepo";
import {
  storeIncomingBatch,
  type IncomingMessage,
} from "../store/incomingRepo";
import { putReminders } from "../store/reminderRepo";
import { coalescedRun } from "../lib/coalescedRun";
import { advanceCursor, getCursor } from "../store/syncCursorRepo";
import type { LoadOlderResult } from "../api";
import {
  EXTRA_SYNC_LIMIT,
  PullMode,
  REMINDER_SYNC_LIMIT,
  fetchConversations,
  syncExtras,
  syncMessages,
  syncReminders,
} from "../rest/imApi";
import type { SeqRange } from "./syncGaps";
import {
  emitConversationsChanged,
  emitMessagesChanged,
  type UserContext,
} from "../messenger/UserContext";

/** Messages per messageSync call. */
export const MESSAGE_SYNC_LIMIT = 100;
/**
 * Most messages fetched to close one gap (after a RECV that skipped, or after a reconnect). NOTE:
 * older missing messages are not lost: loadOlder fills holes when the user scrolls back.
 */
export const MAX_GAP_MESSAGES = 500;
/**
 * Conversations whose message extras are synced on connect (most recent first), besides the ones a
 * tab shows. NOTE: one call per channel; older conversations catch up when opened or when the
 * server's `syncMessageExtra` command names them.
 */
export const EXTRA_SYNC_CHANNELS = 20;
/** Most extras pages per channel and sync (EXTRA_SYNC_LIMIT each). */
const MAX_EXTRA_PAGES = 10;
/** Most reminder pages per sync (REMINDER_SYNC_LIMIT each). */
const MAX_REMINDER_PAGES = 10;

/** Cursor name of a channel's message-extras version. */
export function extrasCursorName(key: string): string {
  return `${SyncCursorName.EXTRAS}:${key}`;
}

export interface SyncHooks {
  /** Own pending messages the server turned out to have. */
  settled(clientMsgNos: readonly string[]): void;
  /** Rows stored in a channel a visible tab shows. */
  shown(rows: readonly MessageRecord[]): void;
  /** Conversations a visible tab shows that the server still counts unread. */
  unreadWhileShown(channels: readonly ChannelRef[]): void;
}

/** The REST catch-up of one user's messenger. */
export class SyncRunner {
  readonly #ctx: UserContext;
  readonly #hooks: SyncHooks;
  /** The last sync-all stopped on a failure (token, network): retry when that may have changed. */
  #failed = false;
  readonly #syncAll = coalescedRun(
    () => this.#syncOnce(),
    () => !this.#ctx.disposed,
  );
  /** Sync-all and the server's command share it, so reminder pages never interleave. */
  readonly #syncReminders = coalescedRun(
    () => this.#syncReminderPages(),
    () => !this.#ctx.disposed,
  );
  /** Gap ranges being fetched, by channelKey, so overlapping RECV gaps are fetched once. */
  readonly #gapsInFlight = new Map<string, SeqRange[]>();

  constructor(ctx: UserContext, hooks: SyncHooks) {
    this.#ctx = ctx;
    this.#hooks = hooks;
  }

  /** Runs a full catch-up; a request while one runs schedules exactly one more. */
  syncAll(): Promise<void> {
    return this.#syncAll();
  }

  /** Runs a sync-all again if the last one failed. */
  retryIfFailed(): void {
    if (this.#failed) void this.syncAll();
  }

  async #syncOnce(): Promise<void> {
    this.#failed = false;
    for (const step of [
      () => this.#syncConversations(),
      () => this.#syncAllExtras(),
      () => this.#syncReminders(),
    ]) {
      if (this.#ctx.disposed) return;
      try {
        await step();
      } catch (error) {
        this.#failed = true;
        this.#ctx.reportError(error);
        // NOTE: without a usable token or network the later steps would fail the same way.
        return;
      }
    }
  }

  /** Stores messages (ignoring the gaps they show: the caller fetched exactly what it wanted). */
  async #store(messages: readonly IncomingMessage[]): Promise<void> {
    if (messages.length === 0 || this.#ctx.disposed) return;
    const context = this.#ctx.receiveContext();
    const result = await this.#ctx.serial(() =>
      storeIncomingBatch(this.#ctx.db, messages, context),
    );
    if (result.settledOutgoing.length > 0)
      this.#hooks.settled(result.settledOutgoing);
    emitMessagesChanged(this.#ctx, result.stored);
    emitConversationsChanged(this.#ctx, result.changedConversations);
    const shown = result.stored.filter((r) =>
      context.visibleChannels.has(channelKey(r)),
    );
    if (shown.length > 0) this.#hooks.shown(shown);
  }

  /** Fetches seqs [fromSeq, toSeq] of `channel` in ascending pages (at most MAX_GAP_MESSAGES). */
  async #fetchUp(
    channel: ChannelRef,
    range: SeqRange,
  ): Promise<IncomingMessage[]> {
    const found: IncomingMessage[] = [];
    let start = range.fromSeq;
    while (start <= range.toSeq && found.length < MAX_GAP_MESSAGES) {
      const page = await syncMessages(this.#ctx.http, {
        uid: this.#ctx.uid,
        channel,
        startSeq: start,
        endSeq: range.toSeq + 1,
        limit: Math.min(MESSAGE_SYNC_LIMIT, range.toSeq - start + 1),
        pullMode: PullMode.UP,
      });
      const inRange = page.messages.filter(
        (m) => m.messageSeq >= start && m.messageSeq <= range.toSeq,
      );
      found.push(...inRange);
      const highest = Math.max(0, ...inRange.map((m) => m.messageSeq));
      if (inRange.length === 0 || !page.more) break;
      start = highest + 1;
    }
    return found;
  }

  async #syncConversations(): Promise<void> {
    const { db } = this.#ctx;
    const version = await getCursor(db, SyncCursorName.CONVERSATIONS);
    const listed = await fetchConversations(this.#ctx.http, version);
    if (listed.length === 0) return;
    const conversations = listed.filter((c) => !c.deleted);
    for (const gone of listed.filter((c) => c.deleted)) {
      // NOTE: deleted on another device of this user: its local history goes too.
      const exists = await db.conversations.get([
        gone.channel.channelId,
        gone.channel.channelType,
      ]);
      if (exists === undefined) continue;
      const { removedOutbox } = await this.#ctx.serial(() =>
        deleteConversation(db, gone.channel),
      );
      this.#hooks.settled(removedOutbox);
      emitConversationsChanged(this.#ctx, [gone.channel]);
    }
    const messages: IncomingMessage[] = [];
    for (const conversation of conversations) {
      const { channel, recents } = conversation;
      messages.push(...recents);
      const local = await lastStoredSeq(db, channel);
      const newerRecents = recents
        .map((m) => m.messageSeq)
        .filter((s) => s > local);
      const toSeq =
        newerRecents.length > 0
          ? Math.min(...newerRecents) - 1
          : conversation.lastMessageSeq;
      // NOTE: a channel without local history gets its recent messages only; older ones load on scroll.
      if (local > 0 && toSeq > local)
        messages.push(
          ...(await this.#fetchUp(channel, { fromSeq: local + 1, toSeq })),
        );
      // NOTE: holes below the newest stored seq: RECVs the gap check could not see (a SENDACK had
      // moved the channel's last seq past them) or whose repair failed, and which the server will
      // not send again now that their connection is gone (issue #9, found by the chaos gate).
      const holes =
        local > 0 ? await recentHoleSpan(db, channel, MAX_GAP_MESSAGES) : null;
      if (holes !== null)
        messages.push(...(await this.#fetchUp(channel, holes)));
    }
    await this.#store(messages);
    if (this.#ctx.disposed) return;
    const changed = await this.#ctx.serial(() =>
      applyServerConversations(db, conversations),
    );
    emitConversationsChanged(this.#ctx, changed);
    const visible = this.#ctx.receiveContext().visibleChannels;
    const unreadShown = conversations
      .filter((c) => c.unread > 0 && visible.has(channelKey(c.channel)))
      .map((c) => c.channel);
    if (unreadShown.length > 0) this.#hooks.unreadWhileShown(unreadShown);
    const newest = Math.max(...listed.map((c) => c.version));
    await advanceCursor(db, SyncCursorName.CONVERSATIONS, newest);
  }

  /** Extras of the most recent conversations and of every conversation a tab shows. */
  async #syncAllExtras(): Promise<void> {
    const recent = await this.#ctx.db.conversations
      .orderBy("timestamp")
      .reverse()
      .limit(EXTRA_SYNC_CHANNELS)
      .toArray();
    const channels = new Map<string, ChannelRef>(
      recent.map((c) => [channelKey(c), c]),
    );
    for (const key of this.#ctx.receiveContext().visibleChannels)
      channels.set(key, parseChannelKey(key));
    for (const channel of channels.values()) {
      if (this.#ctx.disposed) return;
      await this.#syncExtras(channel);
    }
  }

  /** Syncs one channel's extras now (the server's `syncMessageExtra` command asks for it). */
  syncExtrasOf(channel: ChannelRef): void {
    void this.#syncExtras(channel).catch((error: unknown) => {
      this.#ctx.reportError(error);
    });
  }

  async #syncExtras(channel: ChannelRef): Promise<void> {
    const { db } = this.#ctx;
    const cursor = extrasCursorName(channelKey(channel));
    let version = await getCursor(db, cursor);
    for (let page = 0; page < MAX_EXTRA_PAGES; page += 1) {
      const extras = await syncExtras(this.#ctx.http, {
        uid: this.#ctx.uid,
        channel: {
          channelId: channel.channelId,
          channelType: channel.channelType,
        },
        version,
      });
      if (extras.length === 0) return;
      const changed = await this.#ctx.serial(() => applyExtras(db, extras));
      emitMessagesChanged(this.#ctx, changed);
      const newest = Math.max(...extras.map((e) => e.extra.extraVersion));
      if (newest <= version) return;
      version = await advanceCursor(db, cursor, newest);
      if (extras.length < EXTRA_SYNC_LIMIT) return;
    }
  }

  /**
   * The server's "syncReminders" command: a reminder of ours was added or closed. Runs one
   * reminder sync now; a request while one runs schedules exactly one more.
   */
  syncRemindersNow(): void {
    void this.#syncReminders().catch((error: unknown) => {
      this.#ctx.reportError(error);
    });
  }

  async #syncReminderPages(): Promise<void> {
    const { db } = this.#ctx;
    let version = await getCursor(db, SyncCursorName.REMINDERS);
    for (let page = 0; page < MAX_REMINDER_PAGES; page += 1) {
      const reminders = await syncReminders(this.#ctx.http, version);
      if (reminders.length === 0) return;
      const rows = await this.#ctx.serial(() => putReminders(db, reminders));
      emitConversationsChanged(this.#ctx, rows);
      const newest = Math.max(...reminders.map((r) => r.version));
      if (newest <= version) return;
      version = await advanceCursor(db, SyncCursorName.REMINDERS, newest);
      if (reminders.length < REMINDER_SYNC_LIMIT) return;
    }
  }

  /** Fetches the seq ranges a RECV batch skipped (each once, even if reported again meanwhile). */
  fillGaps(gaps: readonly (ChannelRef & SeqRange)[]): void {
    for (const gap of gaps) {
      const key = channelKey(gap);
      const inFlight = this.#gapsInFlight.get(key) ?? [];
      if (
        inFlight.some((r) => r.fromSeq <= gap.fromSeq && r.toSeq >= gap.toSeq)
      )
        continue;
      const range = { fromSeq: gap.fromSeq, toSeq: gap.toSeq };
      this.#gapsInFlight.set(key, [...inFlight, range]);
      const channel = {
        channelId: gap.channelId,
        channelType: gap.channelType,
      };
      void this.#fetchUp(channel, range)
        .then((messages) => this.#store(messages))
        .catch((error: unknown) => {
          this.#ctx.reportError(error);
        })
        .finally(() => {
          const left = (this.#gapsInFlight.get(key) ?? []).filter(
            (r) => r !== range,
          );
          if (left.length === 0) this.#gapsInFlight.delete(key);
          else this.#gapsInFlight.set(key, left);
        });
    }
  }

  /** loadOlder: the `limit` seqs below `beforeSeq`, from IndexedDB first, then messageSync (pull_mode 0). */
  async loadOlder(
    channel: ChannelRef,
    beforeSeq: number,
    limit: number,
  ): Promise<LoadOlderResult> {
    const { db } = this.#ctx;
    const plan = await planLoadOlder(db, { channel, beforeSeq, limit });
    if (plan.window === null) return { available: 0, reachedStart: true };
    const { window } = plan;
    let serverHasOlder = true;
    for (const range of plan.missing) {
      const page = await syncMessages(this.#ctx.http, {
        uid: this.#ctx.uid,
        channel,
        startSeq: range.toSeq,
        endSeq: range.fromSeq - 1,
        limit: range.toSeq - range.fromSeq + 1,
        pullMode: PullMode.DOWN,
      });
      const inRange = page.messages.filter(
        (m) => m.messageSeq >= range.fromSeq && m.messageSeq <= range.toSeq,
      );
      if (
        range.fromSeq === window.fromSeq &&
        !page.more &&
        inRange.length < range.toSeq - range.fromSeq + 1
      )
        serverHasOlder = false;
      await this.#store(inRange);
    }
    const available = await countStored(
      db,
      channel,
      window.fromSeq,
      window.toSeq,
    );
    const reachedStart =
      window.fromSeq <= 1 ||
      !serverHasOlder ||
      window.toSeq - window.fromSeq + 1 < limit;
    return { available, reachedStart };
  }
}
