// What every route receives as `context` (createRootRouteWithContext).
import type { SessionState } from "../state/session";

export interface RouterContext {
  session: Pick<SessionState, "isLoggedIn">;
}
