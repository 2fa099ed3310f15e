// Window `message` events `{ type: "navigate", path, data? }` from this origin open `path` in a
// new tab, with `data` as the query parameter `data` (JSON when not a string). Other origins,
// other message types and paths leaving this origin are ignored.
export interface NavigateMessage {
  type: "navigate";
  path: string;
  data?: unknown;
}

export function isNavigateMessage(value: unknown): value is NavigateMessage {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    record.type === "navigate" &&
    typeof record.path === "string" &&
    record.path !== ""
  );
}

/**
 * Builds the URL to open, or undefined when `path` would leave `origin`.
 * @example buildNavigateUrl("/order", { id: 1 }, "https://a.b") // "https://a.b/order?data=%7B%22id%22%3A1%7D"
 */
export function buildNavigateUrl(
  path: string,
  data: unknown,
  origin: string,
): string | undefined {
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  if (data !== undefined)
    url.searchParams.set(
      "data",
      typeof data === "string" ? data : JSON.stringify(data),
    );
  return url.href;
}

/** Handles one message event; returns the URL it opened, if any. */
export function handleNavigateMessage(
  event: MessageEvent,
  target: Window,
): string | undefined {
  const origin = target.location.origin;
  if (event.origin !== origin || !isNavigateMessage(event.data))
    return undefined;
  const href = buildNavigateUrl(event.data.path, event.data.data, origin);
  if (href === undefined) return undefined;
  target.open(href, "_blank", "noopener");
  return href;
}

/** Starts listening on `target`; returns the function that stops it. */
export function listenForNavigateMessages(target: Window): () => void {
  const onMessage = (event: MessageEvent) => {
    handleNavigateMessage(event, target);
  };
  target.addEventListener("message", onMessage);
  return () => {
    target.removeEventListener("message", onMessage);
  };
}
