// The address of a conversation in the app, and whether a window shows one: /destiny with the
// search params of src/features/messenger/messengerSearch.ts (`chat` = channel id, `type` only when not
// 1), serialized the way TanStack Router does (JSON-looking strings are quoted), under an optional
// locale prefix. Pure: the service worker and the tabs both use it.

/** The locale prefixes a path may start with (src/i18n/locales.ts). */
const LOCALE_PREFIXES = ["cn", "tw", "en"];
const PERSON_CHANNEL = 1;
/** TanStack Router's test for values it JSON-parses (router-core searchParams). */
const JSON_START = /^(?:\s|["[{\d-]|fa|nu|tr)/;

function searchValue(value: string): string {
  if (JSON_START.test(value)) {
    try {
      JSON.parse(value);
      return JSON.stringify(value);
    } catch {
      // Not JSON: written as is.
    }
  }
  return value;
}

function decodeSearchValue(raw: string): unknown {
  if (!JSON_START.test(raw)) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/**
 * The un-prefixed app path that opens a conversation (the app adds the user's locale).
 * @example conversationPath("u1", 1) // "/destiny?chat=u1"
 */
export function conversationPath(
  channelId: string,
  channelType: number,
): string {
  const params = new URLSearchParams({ chat: searchValue(channelId) });
  if (channelType !== PERSON_CHANNEL) params.set("type", String(channelType));
  return `/destiny?${params.toString()}`;
}

/** Whether the window at `href` (absolute) shows the conversation. */
export function showsConversation(
  href: string,
  channelId: string,
  channelType: number,
): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  const segments = url.pathname.split("/").filter((s) => s !== "");
  if (segments.length > 0 && LOCALE_PREFIXES.includes(segments[0] ?? ""))
    segments.shift();
  if (segments.length !== 1 || segments[0] !== "destiny") return false;
  const chat = decodeSearchValue(url.searchParams.get("chat") ?? "");
  if (
    (typeof chat !== "string" && typeof chat !== "number") ||
    String(chat) !== channelId
  )
    return false;
  const typeRaw = url.searchParams.get("type");
  const type =
    typeRaw === null ? PERSON_CHANNEL : Number(decodeSearchValue(typeRaw));
  return type === channelType;
}
