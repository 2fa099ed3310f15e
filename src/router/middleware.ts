// Route middleware looked up by name (the `auth` guard today). A guarded route calls
// runMiddleware in beforeLoad; an unknown name throws "Unknown route middleware".
import { redirect } from "@tanstack/react-router";
import type { RouterContext } from "./RouterContext";
import { loginTarget } from "./loginRedirect";

export interface MiddlewareArgs {
  context: RouterContext;
  location: { pathname: string; href: string };
}

export type RouteMiddleware = (args: MiddlewareArgs) => void;

/** Unauthenticated users go to /login?redirect=<path>, keeping the locale prefix. */
const auth: RouteMiddleware = ({ context, location }) => {
  if (context.session.isLoggedIn) return;
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- TanStack Router control flow
  throw redirect(loginTarget(location));
};

export const routeMiddleware: Readonly<Record<string, RouteMiddleware>> = {
  auth,
};

/** Runs the named middleware in order; throws for a name that is not registered. */
export function runMiddleware(
  names: readonly string[],
  args: MiddlewareArgs,
  registry: Readonly<Record<string, RouteMiddleware>> = routeMiddleware,
): void {
  for (const name of names) {
    const middleware = Object.hasOwn(registry, name)
      ? registry[name]
      : undefined;
    if (!middleware) throw new Error(`Unknown route middleware: ${name}`);
    middleware(args);
  }
}
