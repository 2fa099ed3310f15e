// The message the service worker posts to a window it focused for a notification click: open this
// app path (src/pwa/pushNavigation.ts navigates there in the window's locale). Pure.

export const PUSH_OPEN_TYPE = "fuyuan-push-open";

export interface PushOpenMessage {
  type: typeof PUSH_OPEN_TYPE;
  /** An un-prefixed app path, e.g. "/destiny?chat=u1". */
  path: string;
}

export function isPushOpenMessage(value: unknown): value is PushOpenMessage {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    r.type === PUSH_OPEN_TYPE &&
    typeof r.path === "string" &&
    r.path.startsWith("/") &&
    !r.path.startsWith("//")
  );
}
