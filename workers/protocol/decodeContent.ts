// Payload JSON → MessageContent (§9). A known type decodes to its typed form only when every key it
// knows has the right shape (so re-encoding loses nothing); anything else becomes "unknown" and
// keeps its original JSON object. Only a non-object or a non-integer `type` is an error.
import { ProtocolError } from "./errors";
import { decodeUtf8 } from "./utf8";
import type {
  ContentCommon,
  MessageContent,
  Mention,
  Reply,
  SystemExtra,
  UnknownContent,
} from "./content";
import { ContentType, isSystemContentType } from "./contentType";

type Json = Record<string, unknown>;

const COMMON_KEYS = new Set([
  "type",
  "mention",
  "reply",
  "visibles",
  "invisibles",
]);

/**
 * Decodes decrypted payload bytes (UTF-8 JSON). Throws `BAD_CONTENT` unless they are a JSON object
 * with an integer `type`.
 *
 * @example
 * const c = decodeContent(session.openRecv(recv));
 * if (c.kind === "text") show(c.content);
 */
export function decodeContent(bytes: Uint8Array): MessageContent {
  let json: unknown;
  try {
    json = JSON.parse(decodeUtf8(bytes));
  } catch (cause) {
    throw new ProtocolError("BAD_CONTENT", "payload is not UTF-8 JSON", {
      cause,
    });
  }
  return contentFromJson(json);
}

/** Decodes an already-parsed payload JSON value (see {@link decodeContent}). */
export function contentFromJson(json: unknown): MessageContent {
  return fromJson(json, 0);
}

/** Replies nested deeper than this are not decoded (the content then stays "unknown", losslessly). */
const MAX_REPLY_DEPTH = 16;

function fromJson(json: unknown, depth: number): MessageContent {
  if (!isObject(json))
    throw new ProtocolError("BAD_CONTENT", "payload JSON is not an object");
  const type = json.type;
  if (typeof type !== "number" || !Number.isInteger(type)) {
    throw new ProtocolError(
      "BAD_CONTENT",
      "payload JSON has no integer `type`",
    );
  }
  // NOTE: the common keys are decoded once and shared by both outcomes, so a malformed reply deep
  // in a chain costs one pass, not one per level.
  const { common, wellFormed } = commonKeys(json, depth);
  return (
    (wellFormed ? known(json, type, common) : undefined) ?? {
      kind: "unknown",
      type,
      json,
      ...common,
    }
  );
}

type Common = Omit<ContentCommon, "others">;

function known(
  j: Json,
  type: number,
  common: Common,
): MessageContent | undefined {
  switch (type) {
    case ContentType.TEXT:
      return typeof j.content === "string"
        ? withOthers({ kind: "text", type, content: j.content, ...common }, j, [
            "content",
          ])
        : undefined;
    case ContentType.IMAGE:
      return typeof j.url === "string" &&
        typeof j.width === "number" &&
        typeof j.height === "number"
        ? withOthers(
            {
              kind: "image",
              type,
              url: j.url,
              width: j.width,
              height: j.height,
              ...common,
            },
            j,
            ["url", "width", "height"],
          )
        : undefined;
    case ContentType.STREAM:
      return typeof j.data === "string"
        ? withOthers({ kind: "stream", type, data: j.data, ...common }, j, [
            "data",
          ])
        : undefined;
    case ContentType.CMD: {
      if (typeof j.cmd !== "string") return undefined;
      const c: MessageContent = { kind: "cmd", type, cmd: j.cmd, ...common };
      if ("param" in j && j.param !== undefined) c.param = j.param;
      return withOthers(c, j, ["cmd", "param"]);
    }
    case ContentType.SIGNAL:
      return withOthers({ kind: "signal", type, ...common }, j, []);
    default: {
      if (!isSystemContentType(type) || typeof j.content !== "string")
        return undefined;
      const c: MessageContent = {
        kind: "system",
        type,
        content: j.content,
        ...common,
      };
      if ("extra" in j) {
        const extra = systemExtra(j.extra);
        if (extra === undefined) return undefined;
        c.extra = extra;
      }
      return withOthers(c, j, ["content", "extra"]);
    }
  }
}

/**
 * The well-formed common keys, and whether all present ones were well-formed (a known type needs
 * that to decode losslessly; an unknown one just keeps the good ones for convenience).
 */
function commonKeys(
  j: Json,
  depth: number,
): { common: Common; wellFormed: boolean } {
  const common: Common = {};
  let wellFormed = true;
  if ("mention" in j) {
    const m = mentionOf(j.mention);
    if (m === null) wellFormed = false;
    else if (m !== undefined) common.mention = m;
  }
  if ("reply" in j) {
    const r = replyOf(j.reply, depth);
    if (r === null) wellFormed = false;
    else if (r !== undefined) common.reply = r;
  }
  for (const key of ["visibles", "invisibles"] as const) {
    if (key in j) {
      const v = j[key];
      if (isStrings(v)) common[key] = v;
      else wellFormed = false;
    }
  }
  return { common, wellFormed };
}

/** `null` = malformed, `undefined` = absent. */
function mentionOf(v: unknown): Mention | null | undefined {
  if (v === undefined) return undefined;
  if (!isObject(v) || !onlyKeys(v, ["all", "uids"])) return null;
  const m: Mention = {};
  if ("all" in v) {
    if (v.all !== 1) return null;
    m.all = true;
  }
  if ("uids" in v) {
    if (!isStrings(v.uids)) return null;
    m.uids = v.uids;
  }
  return m;
}

/** `null` = malformed, `undefined` = absent. */
function replyOf(v: unknown, depth: number): Reply | null | undefined {
  if (v === undefined) return undefined;
  if (
    !isObject(v) ||
    !onlyKeys(v, [
      "message_id",
      "message_seq",
      "from_uid",
      "from_name",
      "root_message_id",
      "payload",
    ])
  ) {
    return null;
  }
  const {
    message_id,
    message_seq,
    from_uid,
    from_name,
    root_message_id,
    payload,
  } = v;
  if (
    typeof message_id !== "string" ||
    typeof message_seq !== "number" ||
    typeof from_uid !== "string"
  )
    return null;
  const r: Reply = {
    messageID: message_id,
    messageSeq: message_seq,
    fromUID: from_uid,
  };
  if ("from_name" in v) {
    if (typeof from_name !== "string") return null;
    r.fromName = from_name;
  }
  if ("root_message_id" in v) {
    if (typeof root_message_id !== "string") return null;
    r.rootMessageID = root_message_id;
  }
  if ("payload" in v) {
    if (
      !isObject(payload) ||
      typeof payload.type !== "number" ||
      !Number.isInteger(payload.type)
    )
      return null;
    if (depth >= MAX_REPLY_DEPTH) return null;
    r.payload = fromJson(payload, depth + 1);
  }
  return r;
}

function systemExtra(v: unknown): SystemExtra[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: SystemExtra[] = [];
  for (const x of v) {
    if (
      !isObject(x) ||
      !onlyKeys(x, ["uid", "name"]) ||
      typeof x.uid !== "string" ||
      typeof x.name !== "string"
    ) {
      return undefined;
    }
    out.push({ uid: x.uid, name: x.name });
  }
  return out;
}

/** Adds the keys neither the kind nor the common set knows, via fromEntries (safe for `__proto__`). */
function withOthers<C extends Exclude<MessageContent, UnknownContent>>(
  c: C,
  j: Json,
  own: readonly string[],
): C {
  const rest = Object.entries(j).filter(
    ([k]) => !COMMON_KEYS.has(k) && !own.includes(k),
  );
  if (rest.length > 0) c.others = Object.fromEntries(rest);
  return c;
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isStrings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === "string");
}

function onlyKeys(o: Json, allowed: readonly string[]): boolean {
  return Object.keys(o).every((k) => allowed.includes(k));
}
