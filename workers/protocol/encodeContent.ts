// MessageContent → payload JSON (§9), in the SDK's key order: content keys, unknown keys, `type`,
// then mention, reply, visibles, invisibles. Unknown contents are written back untouched.
import { ProtocolError } from "./errors";
import { encodeUtf8 } from "./utf8";
import type { MessageContent, Mention, Reply } from "./content";

/** Keys each kind writes itself; `others` never overrides them. */
const OWN_KEYS: Readonly<
  Record<Exclude<MessageContent["kind"], "unknown">, readonly string[]>
> = {
  text: ["content"],
  image: ["url", "width", "height"],
  stream: ["data"],
  cmd: ["cmd", "param"],
  system: ["content", "extra"],
  signal: [],
};
const COMMON_KEYS = ["type", "mention", "reply", "visibles", "invisibles"];

/**
 * The JSON object of a content (§9). Keys from `others` are defined as data properties, so a key
 * named `__proto__` stays an ordinary key.
 */
export function contentToJson(c: MessageContent): Record<string, unknown> {
  if (c.kind === "unknown") return c.json;
  // NOTE: built by assignment in key order (JSON.stringify keeps insertion order); a literal per
  // kind is several times faster than collecting entries.
  const o: Record<string, unknown> = {};
  switch (c.kind) {
    case "text":
      o.content = c.content;
      break;
    case "image":
      o.url = c.url;
      o.width = c.width;
      o.height = c.height;
      break;
    case "stream":
      o.data = c.data;
      break;
    case "cmd":
      o.cmd = c.cmd;
      if (c.param !== undefined) o.param = c.param;
      break;
    case "system":
      o.content = c.content;
      if (c.extra !== undefined)
        o.extra = c.extra.map((x) => ({ uid: x.uid, name: x.name }));
      break;
    case "signal":
      break;
  }
  if (c.others !== undefined) {
    const own = OWN_KEYS[c.kind];
    for (const [k, v] of Object.entries(c.others)) {
      if (!own.includes(k) && !COMMON_KEYS.includes(k)) {
        Object.defineProperty(o, k, {
          value: v,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
  }
  o.type = c.type;
  if (c.mention !== undefined) o.mention = mentionToJson(c.mention);
  if (c.reply !== undefined) o.reply = replyToJson(c.reply);
  if (c.visibles !== undefined) o.visibles = c.visibles;
  if (c.invisibles !== undefined) o.invisibles = c.invisibles;
  return o;
}

/**
 * UTF-8 JSON bytes of a content: the plaintext to encrypt into a SEND/RECV payload (§8.3, §9).
 * Throws `BAD_CONTENT` when a value cannot be JSON (a bigint or a cycle in `param`/`others`).
 *
 * @example
 * encodeContent({ kind: "text", type: 1, content: "hi" }); // bytes of {"content":"hi","type":1}
 */
export function encodeContent(c: MessageContent): Uint8Array {
  let text: string;
  try {
    text = JSON.stringify(contentToJson(c));
  } catch (cause) {
    throw new ProtocolError("BAD_CONTENT", "content is not JSON-serialisable", {
      cause,
    });
  }
  return encodeUtf8(text);
}

function mentionToJson(m: Mention): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  if (m.all === true) o.all = 1;
  if (m.uids !== undefined) o.uids = m.uids;
  return o;
}

function replyToJson(r: Reply): Record<string, unknown> {
  const o: Record<string, unknown> = {
    message_id: r.messageID,
    message_seq: r.messageSeq,
    from_uid: r.fromUID,
  };
  if (r.fromName !== undefined) o.from_name = r.fromName;
  if (r.rootMessageID !== undefined) o.root_message_id = r.rootMessageID;
  if (r.payload !== undefined) o.payload = contentToJson(r.payload);
  return o;
}
