// Decides what to push and sends it off the hot path: a stored message for a recipient with no live
// IM connection becomes one encrypted push per subscription; reading a conversation elsewhere
// becomes a "read" push, but only where a message push went out for it (silent pushes are rationed
// by browsers). Work runs in a bounded queue with a few requests in flight; callers never wait.
import type { PushPayload } from "#contract";
import { ChannelType, ContentType } from "#protocol";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Db } from "../../db/createDb";
import { users } from "../../db/schema";
import { conversationState } from "../messenger/conversations";
import type { StoredMessageEvent } from "../messenger/ImEngine";
import { conversationTag, messagePush, readPush, topicOf } from "./pushPayload";
import type { PushDelivery, PushSender } from "./PushSender";
import { removeEndpoint, targetsOfUid, type PushTarget } from "./subscriptions";

/** A message the IM engine stored (its `onStored` listener's argument). */
export type PushableMessage = StoredMessageEvent;

export const PUSH_LIMITS = {
  /** Push requests in flight at once. */
  concurrency: 4,
  /** Jobs waiting beyond this are dropped (and logged): a backlog of stale notifications helps no one. */
  maxQueued: 10_000,
  /** Conversations remembered as "notified" for read pushes; past this the memory starts over. */
  maxNotified: 50_000,
  /** How long the push service keeps a push for an offline browser. */
  ttlSeconds: 24 * 60 * 60,
} as const;

export interface PushDispatcherDeps {
  db: Db;
  sender: PushSender;
  logger: Pick<Logger, "warn" | "error" | "debug">;
}

type Job = () => Promise<void>;

export class PushDispatcher {
  readonly #deps: PushDispatcherDeps;
  readonly #queue: Job[] = [];
  readonly #running = new Set<Promise<void>>();
  /** "uid tag" → the newest messageSeq pushed for that conversation and not yet read. */
  readonly #notified = new Map<string, number>();
  #closed = false;

  constructor(deps: PushDispatcherDeps) {
    this.#deps = deps;
  }

  /** The IM engine's onStored listener: enqueues a push when the recipient is offline. */
  messageStored(message: PushableMessage): void {
    if (
      message.recipientOnline ||
      !message.redDot ||
      message.channelType !== ChannelType.PERSON ||
      message.contentType === ContentType.CMD ||
      message.messageSeq <= 0
    )
      return;
    this.#enqueue(() => this.#pushMessage(message));
  }

  /** `uid` read the conversation with `channelId` up to `readToSeq` (on any device). */
  conversationRead(
    uid: string,
    channelId: string,
    channelType: number,
    readToSeq: number,
  ): void {
    const key = notifiedKey(uid, conversationTag(channelId, channelType));
    const pushed = this.#notified.get(key);
    if (pushed === undefined) return;
    if (readToSeq >= pushed) this.#notified.delete(key);
    this.#enqueue(() =>
      this.#pushToUid(
        uid,
        () => readPush(channelId, channelType, readToSeq),
        "low",
      ),
    );
  }

  /** Resolves when nothing is queued or in flight. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.allSettled([...this.#running]);
  }

  /** Stops taking work, drops what is queued and waits for the requests in flight. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#queue.length = 0;
    await this.idle();
  }

  #enqueue(job: Job): void {
    if (this.#closed) return;
    if (this.#queue.length >= PUSH_LIMITS.maxQueued) {
      this.#deps.logger.warn(
        { queued: this.#queue.length },
        "push queue full: dropping a notification",
      );
      return;
    }
    this.#queue.push(job);
    this.#pump();
  }

  #pump(): void {
    while (
      this.#running.size < PUSH_LIMITS.concurrency &&
      this.#queue.length > 0
    ) {
      const job = this.#queue.shift() as Job;
      const run: Promise<void> = job()
        .catch((error: unknown) => {
          this.#deps.logger.error({ err: error }, "push job failed");
        })
        .finally(() => {
          this.#running.delete(run);
          this.#pump();
        });
      this.#running.add(run);
    }
  }

  async #pushMessage(message: PushableMessage): Promise<void> {
    const { db } = this.#deps;
    const targets = await targetsOfUid(db, message.toUid);
    if (targets.length === 0) return;
    const [sender] = await db
      .select({ nickname: users.nickname })
      .from(users)
      .where(eq(users.imId, message.fromUid));
    const state = await conversationState(db, message.toUid, message.fromUid);
    const input = {
      fromUid: message.fromUid,
      channelType: message.channelType,
      messageSeq: message.messageSeq,
      contentType: message.contentType,
      payloadText: message.payloadText,
      senderName: sender?.nickname ?? null,
      unread: Math.max(1, state?.unread ?? 1),
    };
    const tag = conversationTag(message.fromUid, message.channelType);
    this.#remember(notifiedKey(message.toUid, tag), message.messageSeq);
    await this.#sendAll(
      targets,
      (locale) => messagePush(input, locale),
      "normal",
    );
  }

  async #pushToUid(
    uid: string,
    build: () => PushPayload,
    urgency: PushDelivery["urgency"],
  ): Promise<void> {
    const targets = await targetsOfUid(this.#deps.db, uid);
    if (targets.length > 0) await this.#sendAll(targets, build, urgency);
  }

  async #sendAll(
    targets: readonly PushTarget[],
    build: (locale: PushTarget["locale"]) => PushPayload,
    urgency: PushDelivery["urgency"],
  ): Promise<void> {
    const { sender, db, logger } = this.#deps;
    await Promise.all(
      targets.map(async (target) => {
        const payload = build(target.locale);
        const outcome = await sender.send(target, {
          payload: JSON.stringify(payload),
          ttlSeconds: PUSH_LIMITS.ttlSeconds,
          urgency,
          topic: topicOf(payload.tag),
        });
        if (outcome.kind === "gone") {
          await removeEndpoint(db, target.endpoint);
          logger.debug(
            { status: outcome.status, host: hostOf(target.endpoint) },
            "push subscription gone: removed",
          );
        } else if (outcome.kind === "failed") {
          logger.warn(
            {
              status: outcome.status,
              detail: outcome.detail,
              host: hostOf(target.endpoint),
            },
            "push not accepted",
          );
        }
      }),
    );
  }

  #remember(key: string, seq: number): void {
    if (this.#notified.size >= PUSH_LIMITS.maxNotified) this.#notified.clear();
    this.#notified.set(key, Math.max(seq, this.#notified.get(key) ?? 0));
  }
}

function notifiedKey(uid: string, tag: string): string {
  return `${uid} ${tag}`;
}

/** Only the host is logged: the endpoint path is a capability. */
function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return "?";
  }
}
