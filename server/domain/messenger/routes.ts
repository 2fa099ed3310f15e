// The messaging API (issue 5) under /api/app, all signed in: messages, conversations, IM user
// profiles and the service staff, reminders. Each group lives in its own file; this mounts them
// together in one signed-in scope (authenticated after validation, as these routes always were).
import type { DomainPlugin } from "../../http/domainPlugin";
import { signedInRoutes } from "../auth/authenticate";
import { conversationRoutes } from "./conversationRoutes";
import { imUserRoutes } from "./imUserRoutes";
import { messageRoutes } from "./messageRoutes";
import { reminderRoutes } from "./reminderRoutes";

export const imRoutes: DomainPlugin = (app, deps) =>
  signedInRoutes(
    app,
    deps.auth,
    async (app) => {
      for (const routes of [
        messageRoutes,
        conversationRoutes,
        imUserRoutes,
        reminderRoutes,
      ])
        await routes(app, deps);
    },
    "preHandler",
  );
