// The OpenAPI document, generated from every route's schemas (@fastify/swagger), and its UI at
// /api/docs (JSON at /api/docs/json). Must be registered before any route so all are collected.
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { App } from "./fastifyApp";

export const DOCS_PREFIX = "/api/docs";

export async function registerOpenApi(
  app: App,
  version: string,
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Fuyuan API",
        version,
        description:
          "REST API of Fuyuan (福缘). Every response is the envelope `{ code, data, msg }`; code 0 is success, " +
          "otherwise code is usually the HTTP status and msg names the problem.",
      },
      tags: [
        {
          name: "system",
          description: "Runtime configuration for the client.",
        },
        {
          name: "content",
          description:
            "Public, localized content: temples, monks, news, products, pages.",
        },
        {
          name: "auth",
          description:
            "Sign-in: login codes (SMS, e-mail), WeChat login, token refresh. Error messages follow Accept-Language (zh-CN, zh-TW, en).",
        },
        {
          name: "users",
          description:
            "The signed-in account (Authorization: Bearer <app_token>): info, phone binding, logout.",
        },
        {
          name: "im",
          description:
            "Messaging: send, sync, conversations, receipts, revoke, reminders (WuKongIM HTTP shapes).",
        },
        {
          name: "push",
          description:
            "Web Push: the VAPID key and this browser's push subscription (new-message notifications).",
        },
        {
          name: "files",
          description:
            "Chat image uploads; stored files are served under /media by unguessable name.",
        },
        {
          name: "orders",
          description: "Blessing-service orders and their status timeline.",
        },
        {
          name: "payments",
          description:
            "WeChat Pay (JSAPI and Native), payment status, the payment notification.",
        },
        {
          name: "blessings",
          description: "The public blessing wall and joining a blessing.",
        },
        { name: "fate", description: "Fate-together sign-up." },
        { name: "invites", description: "Invite codes and invite records." },
        { name: "managers", description: "Manager applications." },
        {
          name: "contracts",
          description: "Prayer agreements and signed contracts.",
        },
      ],
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "JWT",
            description: "app_token from a sign-in or refresh.",
          },
        },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
