// The development pages' markup: the outbox of sent login codes and the WeChat emulator's
// authorize page (one form per demo identity). Rendering only; routes.ts validates and serves.
import { WECHAT_LOGIN_TYPES, type WechatLoginType } from "#contract";
import type { OutboxEntry } from "../../providers/outbox/DevOutbox";
import type { DemoWechatIdentity } from "../../providers/wechat/demoIdentities";
import { escapeHtml, page } from "./html";

function when(at: number): string {
  return `${new Date(at).toISOString().replace("T", " ").slice(0, 19)} UTC`;
}

export function outboxPage(
  entries: readonly OutboxEntry[],
  active: boolean,
): string {
  const list =
    entries.length === 0
      ? `<p class="empty">${
          active
            ? "Nothing sent yet. Request a code in the app and reload this page."
            : "Real SMS and e-mail providers are configured: codes are delivered, not kept here."
        }</p>`
      : entries
          .map(
            (e) => `<article class="entry">
<header><span class="tag">${e.channel === "sms" ? "SMS" : "E-mail"}</span><span class="to">${escapeHtml(e.to)}</span><time>${when(e.at)}</time><span>${e.locale}</span></header>
<p class="code">${escapeHtml(e.code)}</p>
<p class="text">${escapeHtml(e.text)}</p>
</article>`,
          )
          .join("\n");
  return page({
    title: "Outbox · Fuyuan dev",
    css: "dev.css",
    body: `<h1>Outbox</h1>
<p class="lead">Login codes the emulated SMS and e-mail senders delivered, newest first. <a href="outbox">Reload</a> · <a href="outbox.json">JSON</a></p>
${list}`,
  });
}

export interface AuthorizeRequest {
  appid: string;
  appType: WechatLoginType;
  redirectUri: string;
  state: string;
}

export function authorizePage(
  request: AuthorizeRequest,
  identities: readonly DemoWechatIdentity[],
): string {
  const app =
    request.appType === WECHAT_LOGIN_TYPES.website
      ? "Website QR login (open platform)"
      : "In-app login (official account)";
  const hidden = [
    ["appid", request.appid],
    ["redirect_uri", request.redirectUri],
    ["state", request.state],
  ]
    .map(
      ([name = "", value = ""]) =>
        `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`,
    )
    .join("");
  const cards = identities
    .map(
      (
        identity,
      ) => `<li class="card"><form method="post" action="authorize">${hidden}
<input type="hidden" name="identity" value="${escapeHtml(identity.id)}">
<img src="${escapeHtml(identity.avatarUrl)}" alt="">
<span class="who">${escapeHtml(identity.nickname)}<small>unionid ${escapeHtml(identity.unionid)}</small><small>openid ${escapeHtml(identity.openids[request.appType])}</small></span>
<button type="submit">Sign in</button>
</form></li>`,
    )
    .join("\n");
  return page({
    title: "WeChat sign-in · Fuyuan dev",
    css: "../dev.css",
    body: `<h1>WeChat sign-in (emulator)</h1>
<p class="lead">Choose who signs in. You return to the app with a code and the state, as WeChat would send you.</p>
<dl><dt>App</dt><dd>${app} · ${escapeHtml(request.appid)}</dd><dt>Returns to</dt><dd>${escapeHtml(request.redirectUri)}</dd></dl>
<ul class="identities">
${cards}
</ul>`,
  });
}

export function errorPage(message: string, css: string): string {
  return page({
    title: "Request refused · Fuyuan dev",
    css,
    body: `<h1>Request refused</h1><div class="entry error"><p>${escapeHtml(message)}</p></div>`,
  });
}
