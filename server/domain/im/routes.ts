// The messaging API (issue 5) under /api/app: messages, conversations, IM user profiles and the
// service staff, reminders. Each group lives in its own file; this mounts them together.
import type { DomainPlugin } from "../../http/domainPlugin";
import { conversationRoutes } from "./conversationRoutes";
import { imUserRoutes } from "./imUserRoutes";
import { messageRoutes } from "./messageRoutes";
import { reminderRoutes } from "./reminderRoutes";

export const imRoutes: DomainPlugin = async (app, deps) => {
  for (const routes of [
    messageRoutes,
    conversationRoutes,
    imUserRoutes,
    reminderRoutes,
  ])
    await routes(app, deps);
};
