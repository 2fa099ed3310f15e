// What a Web Push carries (#contract's PushPayload, written by server/domain/push/pushPayload.ts):
// a new message of a conversation, or "read elsewhere" for one. parsePushPayload checks the shape
// of untrusted JSON and returns null for anything else. Pure.
import type { MessagePush, PushPayload, ReadPush } from "#contract";

export type { MessagePush, PushPayload, ReadPush };

const isText = (value: unknown): value is string =>
  typeof value === "string" && value !== "";
const isCount = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

export function parsePushPayload(data: unknown): PushPayload | null {
  if (typeof data !== "object" || data === null) return null;
  const r = data as Record<string, unknown>;
  if (!isText(r.channelId) || !isCount(r.channelType) || !isText(r.tag))
    return null;
  if (r.type === "message") {
    if (
      !isText(r.title) ||
      typeof r.body !== "string" ||
      !isCount(r.messageSeq) ||
      !isCount(r.unread)
    )
      return null;
    return {
      type: "message",
      channelId: r.channelId,
      channelType: r.channelType,
      title: r.title,
      body: r.body,
      messageSeq: r.messageSeq,
      tag: r.tag,
      unread: r.unread,
    };
  }
  if (r.type === "read") {
    if (!isCount(r.readToSeq)) return null;
    return {
      type: "read",
      channelId: r.channelId,
      channelType: r.channelType,
      tag: r.tag,
      readToSeq: r.readToSeq,
    };
  }
  return null;
}

/** The push's bytes as JSON, or undefined when there are none or they are not JSON. */
export function pushJson(text: () => string): unknown {
  try {
    return JSON.parse(text());
  } catch {
    return undefined;
  }
}
