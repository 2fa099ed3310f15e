// What a stored message shows: its content decoded (#protocol) into text, image, system text,
// revoked or unknown, with edits applied; and the one-line digest of a conversation row.
import { msg } from "@lingui/core/macro";
import type { I18n } from "@lingui/core";
import {
  contentFromJson,
  isFromSystem,
  renderSystemText,
  type MessageContent,
} from "#protocol";
import { ourMediaUrl } from "../../api/mediaOrigins";
import type { JsonObject } from "../../db/entities/JsonValue";
import type { MessageRecord } from "../../db/entities/MessageRecord";

/** Payload content types the views know (protocol §9). */
const TEXT = 1;
const IMAGE = 2;

export type MessageView =
  | {
      readonly kind: "text";
      readonly text: string;
      readonly edited: boolean;
      /** The order a temple's order update is about (#22): the bubble links to it. */
      readonly orderNo?: string;
    }
  | {
      readonly kind: "image";
      /** null while the file is still being uploaded. */
      readonly url: string | null;
      readonly width: number;
      readonly height: number;
    }
  | { readonly kind: "system"; readonly text: string }
  | { readonly kind: "revoked"; readonly byMe: boolean }
  | { readonly kind: "unknown" };

type ViewedMessage = Pick<
  MessageRecord,
  "content" | "contentType" | "extra" | "fromUid"
>;

function decode(json: JsonObject): MessageContent | null {
  try {
    return contentFromJson(json);
  } catch {
    return null;
  }
}

function positive(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0
    ? value
    : null;
}

/** An image payload; pending ones have no `url` yet, which the codec would call malformed. */
function imageView(json: JsonObject): MessageView {
  const width = positive(json.width);
  const height = positive(json.height);
  if (width === null || height === null) return { kind: "unknown" };
  // NOTE: only files our server stores (#19); anything else shows as an image that did not load.
  const url = typeof json.url === "string" ? ourMediaUrl(json.url) : null;
  return { kind: "image", url, width, height };
}

/** The 18-digit order number of an order update's payload (`orderUpdate.masterOrderNo`), or null. */
function orderNoOf(json: JsonObject): string | null {
  const update = json.orderUpdate;
  if (typeof update !== "object" || update === null || Array.isArray(update))
    return null;
  const no = (update as JsonObject).masterOrderNo;
  return typeof no === "string" && /^\d{18}$/.test(no) ? no : null;
}

/** The view of a stored message for the user `selfUid`. */
export function messageView(
  message: ViewedMessage,
  selfUid: string | null,
): MessageView {
  const extra = message.extra;
  if (extra?.revoke === true)
    return {
      kind: "revoked",
      byMe: (extra.revoker ?? message.fromUid) === selfUid,
    };
  const type =
    typeof message.content.type === "number"
      ? message.content.type
      : message.contentType;
  if (type === IMAGE) return imageView(message.content);
  if (type === TEXT && extra?.isEdit === true && extra.contentEdit) {
    const edited = decode(extra.contentEdit);
    if (edited?.kind === "text")
      return { kind: "text", text: edited.content, edited: true };
  }
  const content = decode(message.content);
  switch (content?.kind) {
    case "text": {
      const orderNo = orderNoOf(message.content);
      return orderNo === null
        ? { kind: "text", text: content.content, edited: false }
        : { kind: "text", text: content.content, edited: false, orderNo };
    }
    case "system":
      // NOTE: only the server's own sender writes notices; one a person sent is not shown as one.
      return isFromSystem(message.fromUid)
        ? { kind: "system", text: renderSystemText(content) }
        : { kind: "unknown" };
    case "image":
      return imageView(message.content);
    case "cmd":
    case "stream":
    case "signal":
    case "unknown":
    case undefined:
      return { kind: "unknown" };
  }
}

const LABELS = {
  image: msg`[图片]`,
  unknown: msg`[暂不支持的消息]`,
  revokedByMe: msg`你撤回了一条消息`,
  revokedByPeer: msg`对方撤回了一条消息`,
};

/** The one-line preview of a message (placeholders for images and unknown types). */
export function digestText(view: MessageView, i18n: I18n): string {
  switch (view.kind) {
    case "text":
      return view.text.replace(/\s+/g, " ").trim();
    case "system":
      return view.text;
    case "image":
      return i18n._(LABELS.image);
    case "revoked":
      return i18n._(view.byMe ? LABELS.revokedByMe : LABELS.revokedByPeer);
    case "unknown":
      return i18n._(LABELS.unknown);
  }
}

/** The revoke line shown in place of a revoked message. */
export function revokedText(byMe: boolean, i18n: I18n): string {
  return i18n._(byMe ? LABELS.revokedByMe : LABELS.revokedByPeer);
}
