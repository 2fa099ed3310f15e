// Serving the built PWA: SPA fallback for page routes, 404 envelopes for API paths, reserved
// prefixes and missing files, immutable caching for hashed assets, no-cache for the shell; the
// build's brotli and gzip siblings (scripts/precompress.ts) chosen by Accept-Encoding, and the
// Link header that preloads a page's route chunks (server/http/routePreloads.ts) and a public
// page's first API call (server/http/pageDataPreload.ts), with each locale's home images learnt
// as the server starts (#20).
import { existsSync } from "node:fs";
import { mkdtemp, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { pino } from "pino";
import { precompressDir } from "../../scripts/precompress";
import { startTestServer, type TestServer } from "../support/server/testServer";

const SHELL =
  '<!doctype html><html><head><title>福缘</title></head><body><div id="app"></div></body></html>';
/** The fixture manifest's entry, which leads every page's Link header. */
const SHELL_LINK = "</assets/index-AbC123.js>; rel=modulepreload";
const HTML = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};

/** A built app in a new temporary directory: a shell, an entry, a route chunk, sw.js, an image. */
async function writeBuiltApp(): Promise<string> {
  const staticDir = await mkdtemp(join(tmpdir(), "fuyuan-static-"));
  await mkdir(join(staticDir, "assets"));
  await mkdir(join(staticDir, "images", "temples"), { recursive: true });
  await writeFile(join(staticDir, "index.html"), SHELL);
  await writeFile(
    join(staticDir, "assets", "index-AbC123.js"),
    "console.log('app')",
  );
  await mkdir(join(staticDir, ".vite"));
  await writeFile(
    join(staticDir, ".vite", "manifest.json"),
    JSON.stringify({
      "index.html": { file: "assets/index-AbC123.js", isEntry: true },
      "src/routes/{-$locale}/templeStyle.tsx?tsr-split=component": {
        file: "assets/templeStyle-T1.js",
        imports: ["index.html"],
        css: ["assets/temples-T2.css"],
      },
    }),
  );
  await writeFile(
    join(staticDir, "sw.js"),
    "self.addEventListener('fetch', () => {})",
  );
  await writeFile(
    join(staticDir, "images", "temples", "lingyin.svg"),
    "<svg xmlns='http://www.w3.org/2000/svg'/>",
  );
  return staticDir;
}

describe("static PWA serving", () => {
  let server: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = await writeBuiltApp();
    server = await startTestServer({ staticDir, seed: false });
  });
  afterAll(async () => {
    await server.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = HTML) =>
    fetch(`${server.baseUrl}${path}`, { headers });

  it("serves index.html at / with no-cache", async () => {
    const response = await get("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe(SHELL);
  });

  it.each([
    "/templeStyle",
    "/en/blessing",
    "/tw/news/12",
    "/my/orders?tab=paid",
  ])("falls back to the SPA shell for the page route %s", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe(SHELL);
  });

  it("preloads the shell's entry and a page's route chunks in a Link header, and nothing else's", async () => {
    const link = `${SHELL_LINK}, </assets/templeStyle-T1.js>; rel=modulepreload, </assets/temples-T2.css>; rel=preload; as=style; crossorigin`;
    for (const path of ["/templeStyle", "/en/templeStyle?x=1"]) {
      const response = await get(path);
      expect(await response.text()).toBe(SHELL);
      expect(response.headers.get("link")).toBe(link);
    }
    expect((await get("/en/news/12")).headers.get("link")).toBe(SHELL_LINK);
    const asset = await get("/assets/index-AbC123.js");
    expect(asset.headers.get("link")).toBeNull();
    expect((await get("/.vite/manifest.json")).status).toBe(404);
  });

  it("preloads the first API call of the home, product, blessing and login pages, in the page's locale", async () => {
    const preload = (url: string) =>
      `${SHELL_LINK}, <${url}>; rel=preload; as=fetch; crossorigin`;
    expect((await get("/")).headers.get("link")).toBe(
      preload("/api/app/oapi/v1/home?locale=cn"),
    );
    expect((await get("/en/productDetails/7")).headers.get("link")).toBe(
      preload("/api/app/oapi/v1/products/7?locale=en"),
    );
    expect(
      (await get("/", { ...HTML, cookie: "locale=tw" })).headers.get("link"),
    ).toBe(preload("/api/app/oapi/v1/home?locale=tw"));
    expect((await get("/en/blessing")).headers.get("link")).toBe(
      preload("/api/app/oapi/v1/blessings?locale=en&page=1&pageSize=10"),
    );
    expect((await get("/login?redirect=%2Fmy")).headers.get("link")).toBe(
      preload("/api/app/oapi/v1/config"),
    );
    expect((await get("/productDetails/abc")).headers.get("link")).toBe(
      SHELL_LINK,
    );
    expect((await get("/blessing?page=2")).headers.get("link")).toBe(
      SHELL_LINK,
    );
    // The answer it names is what the page's fetch gets.
    const home = await get("/api/app/oapi/v1/home?locale=cn", {});
    expect(home.status).toBe(200);
  });

  it("serves hashed assets with a long immutable cache", async () => {
    const response = await get("/assets/index-AbC123.js", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    expect(await response.text()).toBe("console.log('app')");
  });

  it("revalidates the service worker and caches other files briefly", async () => {
    expect((await get("/sw.js", {})).headers.get("cache-control")).toBe(
      "no-cache",
    );
    const image = await get("/images/temples/lingyin.svg", {});
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it.each([
    ["/assets/missing.js", "Not found: GET /assets/missing.js"],
    ["/images/none.svg", "Not found: GET /images/none.svg"],
    ["/api/app/nope", "Not found: GET /api/app/nope"],
    ["/im", "Not found: GET /im"],
    ["/dev/sms", "Not found: GET /dev/sms"],
    // /media is the uploads route: an unknown (or malformed) name is a plain miss.
    ["/media/abc", "No such file"],
  ])(
    "answers %s with a 404 envelope, even for a browser",
    async (path, msg) => {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({
        code: 404,
        data: null,
        msg,
      });
    },
  );

  it("does not fall back for non-HTML requests or non-GET methods", async () => {
    const json = await get("/templeStyle", { accept: "application/json" });
    expect(json.status).toBe(404);
    const post = await fetch(`${server.baseUrl}/templeStyle`, {
      method: "POST",
      headers: HTML,
    });
    expect(post.status).toBe(404);
  });
});

describe("without a built app", () => {
  it("serves the API and answers page routes with a 404 envelope", async () => {
    const server = await startTestServer({ seed: false });
    try {
      const page = await fetch(`${server.baseUrl}/templeStyle`, {
        headers: HTML,
      });
      expect(page.status).toBe(404);
      const config = await fetch(`${server.baseUrl}/api/app/oapi/v1/config`);
      expect(config.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe("first images of the home pages (#20)", () => {
  it("learns each locale's home images once the server listens, before any visit", async () => {
    const staticDir = await writeBuiltApp();
    const asked: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString()) as {
          msg?: string;
          req?: { url?: string };
        };
        if (line.msg === "incoming request" && line.req?.url !== undefined)
          asked.push(line.req.url);
        done();
      },
    });
    const server = await startTestServer({
      staticDir,
      logger: pino({ level: "info" }, sink),
    });
    try {
      const homes = ["cn", "tw", "en"].map(
        (locale) => `/api/app/oapi/v1/home?locale=${locale}`,
      );
      // Nothing has been asked of the server yet: these are its own loads.
      await vi.waitFor(
        () => {
          expect(asked).toEqual(expect.arrayContaining(homes));
        },
        { timeout: 10_000, interval: 20 },
      );
      expect(asked.filter((url) => !homes.includes(url))).toEqual([]);
      // The first visit names the seeded home's first covers.
      const page = await fetch(`${server.baseUrl}/en`, { headers: HTML });
      expect(page.headers.get("link")).toMatch(
        /<\/images\/[\w/-]+\.svg>; rel=preload; as=image; fetchpriority=high/,
      );
    } finally {
      await server.close();
      await rm(staticDir, { recursive: true, force: true });
    }
  });
});

describe("precompressed assets (#20)", () => {
  let server: TestServer;
  let staticDir: string;
  const bigScript = `${"console.log('福缘 app');\n".repeat(400)}export {};\n`;
  const bigShell = SHELL.replace(
    "</body>",
    `${"<p>福缘 · 祈福 · 供灯</p>".repeat(100)}</body>`,
  );

  beforeAll(async () => {
    staticDir = await mkdtemp(join(tmpdir(), "fuyuan-precompressed-"));
    await mkdir(join(staticDir, "assets"));
    await writeFile(join(staticDir, "index.html"), bigShell);
    await writeFile(join(staticDir, "assets", "index-AbC123.js"), bigScript);
    await writeFile(join(staticDir, "assets", "tiny-XyZ.js"), "export {};");
    await writeFile(
      join(staticDir, "assets", "logo-1.png"),
      Buffer.alloc(4096, 7),
    );
    precompressDir(staticDir);
    server = await startTestServer({ staticDir, seed: false });
  });
  afterAll(async () => {
    await server.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  /** A raw GET (fetch would decompress and hide what was sent). */
  const rawGet = (path: string, headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${server.baseUrl}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            resolve({ headers: res.headers, body: Buffer.concat(chunks) });
          });
        });
        req.on("error", reject);
        req.end();
      },
    );

  it("writes a smaller .br and .gz beside each text file, none beside tiny or binary files", async () => {
    const js = join(staticDir, "assets", "index-AbC123.js");
    const br = await readFile(`${js}.br`);
    const gz = await readFile(`${js}.gz`);
    expect(br.length).toBeLessThan(gz.length);
    expect(gz.length).toBeLessThan(Buffer.byteLength(bigScript));
    expect(brotliDecompressSync(br).toString()).toBe(bigScript);
    expect(gunzipSync(gz).toString()).toBe(bigScript);
    for (const name of ["tiny-XyZ.js", "logo-1.png"]) {
      expect(existsSync(join(staticDir, "assets", `${name}.br`))).toBe(false);
      expect(existsSync(join(staticDir, "assets", `${name}.gz`))).toBe(false);
    }
  });

  it.each([
    ["br, gzip, deflate", "br"],
    ["gzip, deflate", "gzip"],
    ["identity", undefined],
  ] as const)(
    "sends the asset for Accept-Encoding %s as %s, immutable, varying on it",
    async (acceptEncoding, encoding) => {
      const { headers, body } = await rawGet("/assets/index-AbC123.js", {
        "accept-encoding": acceptEncoding,
      });
      expect(headers["content-encoding"]).toBe(encoding);
      expect(headers.vary).toMatch(/accept-encoding/i);
      expect(headers["content-type"]).toMatch(/javascript/);
      expect(headers["cache-control"]).toBe(
        "public, max-age=31536000, immutable",
      );
      const text =
        encoding === "br"
          ? brotliDecompressSync(body)
          : encoding === "gzip"
            ? gunzipSync(body)
            : body;
      expect(text.toString()).toBe(bigScript);
    },
  );

  it("sends the shell compressed on page routes too, still revalidated", async () => {
    for (const path of ["/", "/en/blessing"]) {
      const { headers, body } = await rawGet(path, {
        ...HTML,
        "accept-encoding": "br",
      });
      expect(headers["content-encoding"]).toBe("br");
      expect(headers["content-type"]).toMatch(/^text\/html/);
      expect(headers["cache-control"]).toBe("no-cache");
      expect(brotliDecompressSync(body).toString()).toBe(bigShell);
    }
  });
});
