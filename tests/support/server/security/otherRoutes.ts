// IDOR table, part 3: routes that take no reference to another user's object, each with the
// reason; the caller-scoped reads among them are probed by Bob, whose answers must hold nothing
// of Alice's. Secrets (codes, states, refresh tokens) point at the test that proves their rules.
import type { SecretLabel } from "./idorWorld";
import type { Probe, RouteEntry, RouteTable } from "./probes";

/**
 * Bob reads `path`: only his own data (or public data) comes back. With `shows`, Alice's same
 * read must show that secret (so the check would have seen it in Bob's answer).
 */
const bobReads = (
  path: string,
  shows?: SecretLabel,
  method: "GET" | "POST" = "GET",
): Probe => ({
  label: "Bob's answer holds nothing of Alice's",
  expect: "scoped",
  attempt: (w) => w.call(w.bob, method, path),
  ...(shows === undefined
    ? {}
    : {
        control: {
          run: (w) => w.call(w.alice, method, path),
          status: 200,
          shows,
        },
      }),
});

const self = (why: string, probes?: Probe[]): RouteEntry => ({
  class: "self",
  refs: [],
  why,
  ...(probes === undefined ? {} : { probes }),
});
const publicRoute = (why: string, refs: string[] = []): RouteEntry => ({
  class: "public",
  refs,
  why,
});
const dev = (refs: string[] = []): RouteEntry => ({
  class: "dev",
  refs,
  schemaless: true,
  why: "development emulator page: mounted only while emulators may stand in (never in production)",
});
const docs: RouteEntry = {
  class: "docs",
  refs: [],
  schemaless: true,
  why: "the OpenAPI document and its UI (public by design, no data)",
};

const CODES = "tests/server/security/oneTimeCodes.test.ts";
const SESSIONS = "tests/server/security/sessions.test.ts";
const OAUTH = "tests/server/security/oauthState.test.ts";

export const OTHER_ROUTES: RouteTable = {
  "GET order/v1/mine": self("the caller's orders", [
    bobReads("order/v1/mine", "masterOrderNo"),
  ]),
  "GET fate/v1/mine": self("the caller's sign-up", [
    bobReads("fate/v1/mine", "fateName"),
  ]),
  "GET manager/v1/info": self("the caller's application", [
    bobReads("manager/v1/info", "managerName"),
  ]),
  "GET invite/v1/records": self("the caller's invitees", [
    bobReads("invite/v1/records", "inviteeMaskedName"),
  ]),
  "GET user/getUserInfoWithInviteCodes": self("the caller's invite codes", [
    bobReads("user/getUserInfoWithInviteCodes", "inviteCode"),
  ]),
  "GET user/v1/info": self("the caller's account", [
    bobReads("user/v1/info", "nickname"),
  ]),
  "GET wuKong/v1/conversationList": self("the caller's conversations", [
    bobReads("wuKong/v1/conversationList", "clientMsgNo"),
  ]),
  "GET wuKong/v1/conversations/unreadCount": self("the caller's unread total"),
  "GET oapi/v1/getVirtual": self("the caller's own service staff"),
  "GET user/v1/loginOut": self("ends the caller's session"),
  "POST user/v1/logoutAll": self("ends the caller's sessions"),
  "POST oapi/v1/wxState": self("starts a sign-in in this browser"),
  "POST file/v1/upload": {
    ...self("stores a file of the caller (multipart `file`)"),
    schemaless: true,
  },
  "POST fate/v1/signup": {
    ...self("the caller's sign-up; name is what they type"),
    refs: ["name"],
  },
  "POST manager/v1/apply": {
    ...self("the caller's application; name and phone are what they type"),
    refs: ["name", "phone"],
  },
  "POST order/v1/create": {
    ...publicRoute(
      "a new order of the caller for a public catalog product (productId, optionId); beneficiaryName is what they type",
    ),
    refs: ["beneficiaryName", "optionId", "productId"],
  },

  "GET oapi/v1/blessings": {
    ...publicRoute("the public blessing wall (consented, paid orders only)"),
    probes: [bobReads("oapi/v1/blessings?pageSize=50")],
  },
  "GET user/v1/infoByIm": {
    ...publicRoute("public profile of an IM user (nickname, avatar, roles)", [
      "imId",
    ]),
    probes: [
      {
        label: "Bob reads Alice's public profile: no phone, e-mail or more",
        expect: "scoped",
        mayShow: ["imId", "nickname"],
        attempt: (w) =>
          w.call(w.bob, "GET", `user/v1/infoByIm?imId=${w.alice.imId}`),
      },
    ],
  },
  "GET user/v1/targetInfoByIm": {
    ...publicRoute("public profile of an IM user (nickname, avatar, roles)", [
      "imId",
    ]),
    probes: [
      {
        label: "Bob reads Alice's public profile: no phone, e-mail or more",
        expect: "scoped",
        mayShow: ["imId", "nickname"],
        attempt: (w) =>
          w.call(w.bob, "GET", `user/v1/targetInfoByIm?imId=${w.alice.imId}`),
      },
    ],
  },
  "GET /media/:name": publicRoute(
    "a stored upload: its 192-bit random name is the capability (an <img> sends no token); see uploads.test.ts",
    ["name"],
  ),
  "GET oapi/v1/config": publicRoute("runtime configuration"),
  "GET oapi/v1/health": publicRoute("database and IM engine health"),
  "GET oapi/v1/home": publicRoute("public content"),
  "GET oapi/v1/temples": publicRoute("public content"),
  "GET oapi/v1/news": publicRoute("public content"),
  "GET oapi/v1/products": publicRoute("public catalog"),
  "GET oapi/v1/monks/:id": publicRoute("public content", ["id"]),
  "GET oapi/v1/news/:id": publicRoute("public content", ["id"]),
  "GET oapi/v1/products/:id": publicRoute("public catalog", ["id"]),
  "GET oapi/v1/pages/:slug": publicRoute("public pages", ["slug"]),

  "POST oapi/v1/msg": {
    class: "secret",
    refs: ["areaCode", "phone"],
    why: `a code to a phone number; limits and no account enumeration: ${CODES}`,
  },
  "GET oapi/v1/sendEmailCode": {
    class: "secret",
    refs: ["email"],
    why: `a code to an address; limits and no account enumeration: ${CODES}`,
  },
  "POST oapi/v1/phoneLogin": {
    class: "secret",
    refs: ["account", "areaCode", "code", "imId"],
    why: `sign-in with a one-time code (imId is accepted and ignored): ${CODES}`,
  },
  "POST oapi/v1/refreshToken": {
    class: "secret",
    refs: ["refresh_token"],
    why: `rotating refresh tokens: ${SESSIONS}`,
  },
  "POST oapi/v1/wxLogin": {
    class: "secret",
    refs: ["code", "state"],
    why: `WeChat sign-in with a browser-bound state: ${OAUTH}`,
  },
  "POST pay/v1/notify": {
    class: "signed",
    refs: [],
    schemaless: true,
    why: "WeChat Pay's notification: platform-signed and encrypted, verified before anything is read",
  },

  "GET /dev/dev.css": dev(),
  "GET /dev/outbox": dev(),
  "GET /dev/outbox.json": dev(),
  "GET /dev/pay/cashier": dev(["prepay_id"]),
  "GET /dev/pay/h5": dev(["prepay_id"]),
  "POST /dev/pay/approve": dev(["prepay_id"]),
  "POST /dev/pay/cancel": dev(["prepay_id"]),
  "GET /dev/wechat/authorize": dev(["state"]),
  "POST /dev/wechat/authorize": dev(["state"]),

  "GET /api/docs": docs,
  "GET /api/docs/": docs,
  "GET /api/docs/*": docs,
  "GET /api/docs/json": docs,
  "GET /api/docs/yaml": docs,
  "GET /api/docs/static/index.html": docs,
  "GET /api/docs/static/swagger-initializer.js": docs,
};
