// Security headers of the real server over HTTP (development and production): every response
// carries nosniff, Referrer-Policy, Permissions-Policy, COOP/CORP and frame denial, except files
// that are only subresources (scripts, styles, raster images), which carry nosniff and CORP, and
// SVGs, which add a CSP without script or framing; HTML documents carry the strict CSP (no eval,
// no inline script but the shell's own, by its hash); pages with their own policy keep it; HSTS and the Secure flag on the OAuth
// cookie in production only (or on https).
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { call } from "../../support/server/accountsApi";
import {
  startTestServer,
  type TestServer,
} from "../../support/server/testServer";

/** Directive name → its source list, from a CSP header. */
function directives(csp: string | null): Map<string, string[]> {
  expect(csp).not.toBeNull();
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name !== undefined && name !== "") map.set(name, sources);
  }
  return map;
}

function expectCommonHeaders(headers: Headers): void {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("referrer-policy")).toBe(
    "strict-origin-when-cross-origin",
  );
  expect(headers.get("cross-origin-opener-policy")).toBe("same-origin");
  expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
  expect(headers.get("x-frame-options")).toBe("DENY");
  const permissions = headers.get("permissions-policy") ?? "";
  for (const off of ["camera=()", "microphone=()", "geolocation=()"])
    expect(permissions.split(", ")).toContain(off);
  expect(permissions.split(", ")).toContain("clipboard-write=(self)");
}

const WECHAT_ENV = {
  WECHAT_OPEN_APP_ID: "wxweb0000000000001",
  WECHAT_OPEN_APP_SECRET: "web-secret-0123456789abcdef0123",
  WECHAT_MP_APP_ID: "wxmp00000000000002",
  WECHAT_MP_APP_SECRET: "mp-secret-0123456789abcdef01234",
  WECHAT_API_BASE: "http://127.0.0.1:9",
};

let staticDir: string;
/** The shell's inline script (the real one applies the colour mode before the first paint). */
const SHELL_SCRIPT = 'document.documentElement.dataset.theme="light"';
const SHELL_SCRIPT_HASH = `'sha256-${createHash("sha256").update(SHELL_SCRIPT).digest("base64")}'`;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), "fuyuan-headers-"));
  await writeFile(
    join(staticDir, "index.html"),
    `<!doctype html><html><head><script>${SHELL_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  await mkdir(join(staticDir, "assets"));
  await writeFile(join(staticDir, "assets", "app.js"), "export {};\n");
  await writeFile(join(staticDir, "assets", "app.css"), "body{margin:0}\n");
  await writeFile(
    join(staticDir, "assets", "logo.svg"),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
  );
  await writeFile(
    join(staticDir, "assets", "dot.png"),
    Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
      "base64",
    ),
  );
});

/** The headers of a file that is only ever a subresource: nosniff and CORP, nothing for documents. */
function expectSubresourceHeaders(headers: Headers): void {
  expect(headers.get("x-content-type-options")).toBe("nosniff");
  expect(headers.get("cross-origin-resource-policy")).toBe("same-origin");
  for (const documentOnly of [
    "cross-origin-opener-policy",
    "x-frame-options",
    "permissions-policy",
    "referrer-policy",
  ])
    expect(headers.get(documentOnly)).toBeNull();
}

/** Fetches the test site's script, style, raster image and SVG. */
async function staticFiles(baseUrl: string) {
  const get = (path: string) => fetch(new URL(path, baseUrl));
  return {
    subresources: await Promise.all(
      ["/assets/app.js", "/assets/app.css", "/assets/dot.png"].map(get),
    ),
    svg: await get("/assets/logo.svg"),
  };
}
afterAll(() => rm(staticDir, { recursive: true, force: true }));

describe("security headers in development", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ staticDir });
  });
  afterAll(() => server.close());

  it("puts the common headers on API answers, errors included, without a CSP or HSTS", async () => {
    for (const path of [
      "/api/app/oapi/v1/config",
      "/api/app/oapi/v1/no-such-route",
      "/api/app/user/v1/info",
    ]) {
      const response = await fetch(new URL(path, server.baseUrl));
      expect(response.headers.get("content-type")).toMatch(
        /^application\/json/,
      );
      expectCommonHeaders(response.headers);
      expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(response.headers.get("content-security-policy")).toBeNull();
    }
  });

  it("serves the app shell with a strict CSP: no eval, no inline script but the shell's own by its hash, WeChat only where the app loads it", async () => {
    for (const path of ["/", "/index.html", "/orders/123"]) {
      const response = await fetch(new URL(path, server.baseUrl), {
        headers: { accept: "text/html" },
      });
      expect(response.status).toBe(200);
      expectCommonHeaders(response.headers);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("script-src")).toEqual([
        "'self'",
        SHELL_SCRIPT_HASH,
        "https://res.wx.qq.com",
        "https://res2.wx.qq.com",
      ]);
      for (const sources of csp.values()) {
        expect(sources).not.toContain("'unsafe-eval'");
      }
      expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
      expect(csp.get("style-src")).toEqual(["'self'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("base-uri")).toEqual(["'self'"]);
      expect(csp.get("form-action")).toEqual(["'self'"]);
      expect(csp.get("frame-src")).toEqual(["https://open.weixin.qq.com"]);
      expect(csp.get("img-src")).toEqual(
        expect.arrayContaining(["'self'", "data:", "blob:"]),
      );
      // The IM socket's origin, for browsers where 'self' does not cover ws:.
      expect(csp.get("connect-src")).toEqual([
        "'self'",
        server.baseUrl.replace(/^http:/, "ws:"),
      ]);
    }
  });

  it("gives scripts, styles and images only the headers that act on a subresource", async () => {
    const { subresources, svg } = await staticFiles(server.baseUrl);
    for (const response of subresources) {
      expect(response.status).toBe(200);
      expectSubresourceHeaders(response.headers);
      expect(response.headers.get("content-security-policy")).toBeNull();
    }
    expect(svg.status).toBe(200);
    expectSubresourceHeaders(svg.headers);
    const csp = directives(svg.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.has("script-src")).toBe(false);
  });

  it("keeps the emulator pages' own stricter policy and gives the API docs theirs", async () => {
    const outbox = await fetch(new URL("/dev/outbox", server.baseUrl));
    expectCommonHeaders(outbox.headers);
    expect(
      directives(outbox.headers.get("content-security-policy")).get(
        "default-src",
      ),
    ).toEqual(["'none'"]);
    const docs = await fetch(
      new URL("/api/docs/static/index.html", server.baseUrl),
    );
    expect(docs.status).toBe(200);
    const csp = directives(docs.headers.get("content-security-policy"));
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("sets the OAuth cookie HttpOnly and SameSite=Lax, not Secure on plain http", async () => {
    const response = await call(server, "POST", "oapi/v1/wxState", {
      body: { type: 1 },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
  });
});

describe("security headers with an https PUBLIC_URL (development)", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      staticDir,
      env: { PUBLIC_URL: "https://fuyuan.example" },
    });
  });
  afterAll(() => server.close());

  it("marks the OAuth cookie Secure and names the wss: origin in connect-src", async () => {
    const response = await call(server, "POST", "oapi/v1/wxState", {
      body: { type: 1 },
    });
    expect(response.headers.get("set-cookie")).toMatch(
      /; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(response.headers.get("strict-transport-security")).toBeNull();
    const shell = await fetch(new URL("/", server.baseUrl), {
      headers: { accept: "text/html" },
    });
    expect(
      directives(shell.headers.get("content-security-policy")).get(
        "connect-src",
      ),
    ).toEqual(["'self'", "wss://fuyuan.example"]);
  });
});

describe("security headers in production", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      staticDir,
      env: {
        NODE_ENV: "production",
        AUTH_SECRET: "a-production-secret-of-at-least-32-bytes",
        LOGIN_METHODS: "wechat",
        PAYMENTS: "off",
        ...WECHAT_ENV,
      },
    });
  });
  afterAll(() => server.close());

  it("adds HSTS to every response", async () => {
    for (const [path, accept] of [
      ["/api/app/oapi/v1/config", "application/json"],
      ["/", "text/html"],
      ["/api/app/nothing-here", "application/json"],
    ] as const) {
      const response = await fetch(new URL(path, server.baseUrl), {
        headers: { accept },
      });
      expectCommonHeaders(response.headers);
      expect(response.headers.get("strict-transport-security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
    }
    const shell = await fetch(new URL("/", server.baseUrl), {
      headers: { accept: "text/html" },
    });
    expect(
      directives(shell.headers.get("content-security-policy")).get(
        "script-src",
      ),
    ).not.toContain("'unsafe-inline'");
    const { subresources, svg } = await staticFiles(server.baseUrl);
    for (const response of [...subresources, svg])
      expect(response.headers.get("strict-transport-security")).toBe(
        "max-age=31536000; includeSubDomains",
      );
  });

  it("marks the OAuth cookie Secure even behind a plain-http PUBLIC_URL", async () => {
    const response = await call(server, "POST", "oapi/v1/wxState", {
      body: { type: 1 },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(
      /; HttpOnly; SameSite=Lax; Secure$/,
    );
  });

  it("has no /dev pages to exempt", async () => {
    const response = await fetch(new URL("/dev/outbox", server.baseUrl));
    expect(response.status).toBe(404);
  });
});
