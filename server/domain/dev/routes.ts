// Development pages, mounted only while emulators may stand in for providers (DEV_TOOLS on, never
// in production): the outbox of login codes (HTML and JSON) and the WeChat emulator's authorize
// page, which redirects back with code + state only to a URL on PUBLIC_URL's origin.
import { WECHAT_LOGIN_TYPES } from "#contract";
import type { FastifyReply } from "fastify";
import type { App } from "../../http/fastifyApp";
import type { DomainDeps } from "../../http/domainPlugin";
import { EMULATOR_APP_IDS } from "../auth/loginProviders";
import { resolvePublicUrl } from "../system/runtimeConfig";
import { DEV_CSS, devPageCsp } from "./html";
import {
  type AuthorizeRequest,
  authorizePage,
  errorPage,
  outboxPage,
} from "./pages";

const STATE = /^[A-Za-z0-9_-]{0,128}$/;
const APP_TYPES = Object.values(WECHAT_LOGIN_TYPES);
const SCOPES = ["snsapi_login", "snsapi_userinfo", "snsapi_base"];

type Fields = Record<string, unknown>;

export function devRoutes(app: App, { config, auth }: DomainDeps): void {
  const { outbox, wechat } = auth.providers;
  const publicOrigin = () =>
    new URL(resolvePublicUrl(config, app.server.address())).origin;
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header("content-type", "text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", devPageCsp(publicOrigin()))
      .send(body);

  app.get("/dev/dev.css", { schema: { hide: true } }, (_request, reply) =>
    reply
      .header("content-type", "text/css; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(DEV_CSS),
  );

  app.get("/dev/outbox", { schema: { hide: true } }, (_request, reply) =>
    html(reply, 200, outboxPage(outbox?.list() ?? [], outbox !== null)),
  );

  app.get("/dev/outbox.json", { schema: { hide: true } }, (_request, reply) =>
    reply
      .header("cache-control", "no-store")
      .send({ list: outbox?.list() ?? [] }),
  );

  const emulator = wechat?.emulator ?? null;
  if (emulator === null) return;

  /** Checks an authorize request; returns it, or the message of a 400 page. */
  const check = (fields: Fields): AuthorizeRequest | string => {
    const text = (name: string): string | undefined =>
      typeof fields[name] === "string" ? fields[name] : undefined;
    const appid = text("appid") ?? "";
    const appType = APP_TYPES.find((type) => EMULATOR_APP_IDS[type] === appid);
    if (appType === undefined)
      return `appid "${appid}" is not an emulated WeChat app (${Object.values(EMULATOR_APP_IDS).join(", ")}).`;
    const redirect = text("redirect_uri") ?? "";
    let target: URL;
    try {
      target = new URL(redirect);
    } catch {
      return "redirect_uri must be an absolute URL.";
    }
    if (target.origin !== publicOrigin())
      return `redirect_uri must be on ${publicOrigin()} (PUBLIC_URL), not ${target.origin}.`;
    const state = text("state") ?? "";
    if (!STATE.test(state))
      return "state must be at most 128 letters, digits, - or _.";
    return {
      appid,
      appType,
      redirectUri: target.toString(),
      state,
    };
  };

  app.get(
    "/dev/wechat/authorize",
    { schema: { hide: true } },
    (request, reply) => {
      const query = request.query as Fields;
      const checked = check(query);
      if (typeof checked === "string")
        return html(reply, 400, errorPage(checked, "../dev.css"));
      if (query.response_type !== "code")
        return html(
          reply,
          400,
          errorPage('response_type must be "code".', "../dev.css"),
        );
      const scope = query.scope;
      if (
        scope !== undefined &&
        (typeof scope !== "string" || !SCOPES.includes(scope))
      )
        return html(
          reply,
          400,
          errorPage(`scope must be one of ${SCOPES.join(", ")}.`, "../dev.css"),
        );
      return html(reply, 200, authorizePage(checked, emulator.identities));
    },
  );

  app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_request, body, parsed) => {
        parsed(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post(
      "/dev/wechat/authorize",
      { schema: { hide: true } },
      (request, reply) => {
        const form = (request.body ?? {}) as Fields;
        const checked = check(form);
        if (typeof checked === "string")
          return html(reply, 400, errorPage(checked, "../dev.css"));
        const identity = form.identity;
        if (
          typeof identity !== "string" ||
          !emulator.identities.some((i) => i.id === identity)
        )
          return html(
            reply,
            400,
            errorPage("Choose one of the listed identities.", "../dev.css"),
          );
        const { code } = emulator.issueCode({
          identityId: identity,
          appType: checked.appType,
          state: checked.state,
        });
        const back = new URL(checked.redirectUri);
        back.searchParams.set("code", code);
        back.searchParams.set("state", checked.state);
        return reply
          .header("cache-control", "no-store")
          .redirect(back.toString(), 302);
      },
    );
    done();
  });
}
