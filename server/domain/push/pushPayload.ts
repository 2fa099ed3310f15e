// The JSON a push carries to the service worker (its shape is #contract's, the SW's parser is
// src/sw/pushPayload.ts): a new message of a conversation, or "read elsewhere" for it. Also the conversation's notification tag,
// its RFC 8030 Topic (so a newer push replaces an undelivered older one) and the message digest.
import type { MessagePush, ReadPush } from "#contract";
import { createHash } from "node:crypto";
import { ContentType } from "#protocol";
import type { Locale } from "../../lib/locale";
import { PUSH_WORDING } from "./pushTexts";

export const MAX_TITLE_CHARS = 64;
export const MAX_DIGEST_CHARS = 140;


/** The notification tag of a conversation (the SW keys its notifications by it). */
export function conversationTag(
  channelId: string,
  channelType: number,
): string {
  return `im:${channelType}:${channelId}`;
}

/** RFC 8030 §5.4 Topic: at most 32 base64url characters, one per conversation. */
export function topicOf(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });

/** `text` cut to at most `max` user-perceived characters (an ellipsis marks the cut). */
function clip(text: string, max: number): string {
  const parts = Array.from(graphemes.segment(text), (s) => s.segment);
  return parts.length <= max ? text : `${parts.slice(0, max - 1).join("")}…`;
}

/** One line for a stored payload (§9 JSON): the text, or a placeholder for images and the rest. */
export function messageDigest(
  contentType: number,
  payloadText: string,
  locale: Locale,
): string {
  const wording = PUSH_WORDING[locale];
  if (contentType === ContentType.IMAGE) return wording.image;
  if (contentType !== ContentType.TEXT) return wording.other;
  let content: unknown;
  try {
    content = (JSON.parse(payloadText) as { content?: unknown }).content;
  } catch {
    return wording.other;
  }
  if (typeof content !== "string") return wording.other;
  const line = content.replace(/\s+/g, " ").trim();
  return line === "" ? wording.other : clip(line, MAX_DIGEST_CHARS);
}

export interface MessagePushInput {
  fromUid: string;
  channelType: number;
  messageSeq: number;
  contentType: number;
  payloadText: string;
  senderName: string | null;
  unread: number;
}

export function messagePush(
  input: MessagePushInput,
  locale: Locale,
): MessagePush {
  const wording = PUSH_WORDING[locale];
  const digest = messageDigest(input.contentType, input.payloadText, locale);
  const name = input.senderName?.trim() ?? "";
  return {
    type: "message",
    channelId: input.fromUid,
    channelType: input.channelType,
    title: name === "" ? wording.someone : clip(name, MAX_TITLE_CHARS),
    body: input.unread > 1 ? wording.collapsed(input.unread, digest) : digest,
    messageSeq: input.messageSeq,
    tag: conversationTag(input.fromUid, input.channelType),
    unread: input.unread,
  };
}

export function readPush(
  channelId: string,
  channelType: number,
  readToSeq: number,
): ReadPush {
  return {
    type: "read",
    channelId,
    channelType,
    tag: conversationTag(channelId, channelType),
    readToSeq,
  };
}
