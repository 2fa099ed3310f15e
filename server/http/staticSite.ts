// Serves the built PWA (STATIC_DIR) with cache headers, precompressed (the build's .br and .gz
// siblings, chosen by Accept-Encoding, `Vary: accept-encoding`), and answers every unmatched request:
// page routes get the SPA shell (index.html); API paths, reserved prefixes and missing files
// get a 404 envelope. A page's answer carries a `Link` header that preloads the shell's entry, its
// route's chunks (routePreloads.ts) and, for a public page with data, its first API call and first
// images (pageDataPreload.ts), as that page's data last named them (pageImageHints.ts); each
// locale's home page is learnt once the server listens, so even its first visitor does not wait.
import { existsSync, readFileSync } from "node:fs";
import { extname, join, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply, FastifyRequest } from "fastify";
import { type ApiCall, homeCall, LOCALES } from "#contract";
import { failure } from "./envelope";
import type { App } from "./fastifyApp";
import {
  apiUrlOf,
  firstImages,
  imagePreloadLink,
  pageDataCall,
  pageDataLink,
  showsImagesFirst,
} from "./pageDataPreload";
import { createPageImageHints } from "./pageImageHints";
import {
  chunksForPath,
  preloadLinkHeader,
  routeChunksFromManifest,
  shellChunksFromManifest,
  type ViteManifest,
} from "./routePreloads";

/** Paths owned by the server, never by the SPA router. */
export const RESERVED_PREFIXES = ["/api", "/im", "/dev", "/media"] as const;

const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "no-cache";
const SHORT = "public, max-age=3600";
/** Files that name other files and must be re-checked on every visit so updates reach users. */
const ALWAYS_REVALIDATE = new Set([
  "index.html",
  "sw.js",
  "registerSW.js",
  "manifest.webmanifest",
]);

export async function registerStaticSite(
  app: App,
  staticDir: string,
): Promise<void> {
  const hasShell = existsSync(join(staticDir, "index.html"));
  if (hasShell) {
    const assetsDir = join(staticDir, "assets") + sep;
    await app.register(fastifyStatic, {
      root: staticDir,
      cacheControl: false,
      preCompressed: true,
      // NOTE: the build's own records (.vite/manifest.json names every source file) are not served.
      allowedPath: (pathName) => !/(^|\/)\./.test(pathName),
      setHeaders: (reply, filePath) => {
        // NOTE: filePath is the sibling actually sent (index.html.br): the rules go by the original.
        const name = filePath
          .slice(filePath.lastIndexOf(sep) + 1)
          .replace(/\.(br|gz)$/, "");
        if (filePath.startsWith(assetsDir))
          reply.header("cache-control", IMMUTABLE);
        else if (ALWAYS_REVALIDATE.has(name) || name.startsWith("workbox-"))
          reply.header("cache-control", REVALIDATE);
        else reply.header("cache-control", SHORT);
      },
    });
    const manifestPath = join(staticDir, ".vite", "manifest.json");
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(
        readFileSync(manifestPath, "utf8"),
      ) as ViteManifest;
      const routes = routeChunksFromManifest(manifest);
      const shell = shellChunksFromManifest(manifest);
      const imageHints = createPageImageHints();
      const learn = (call: ApiCall) =>
        imageHints.of(apiUrlOf(call), () => pageImages(app, call));
      // NOTE: not awaited: listening never waits for the database. A visit before this settles
      // shares its load.
      app.addHook("onListen", (done) => {
        for (const locale of LOCALES) void learn(homeCall(locale));
        done();
      });
      app.addHook("onSend", async (request, reply) => {
        if (reply.statusCode !== 200 || !isPageRequest(request)) return;
        const contentType = reply.getHeader("content-type");
        if (
          typeof contentType !== "string" ||
          !contentType.startsWith("text/html")
        )
          return;
        const query = request.url.indexOf("?");
        const path = query < 0 ? request.url : request.url.slice(0, query);
        const search = query < 0 ? "" : request.url.slice(query);
        const data = pageDataCall(path, request.headers.cookie, search);
        const route = chunksForPath(routes, path);
        // NOTE: in the order the page needs them: the shell's script, the page's data, then the
        // route's chunks and every stylesheet, then the images the first screen shows.
        const links = [
          preloadLinkHeader({ js: shell.js, css: [] }),
          data === undefined ? undefined : pageDataLink(data),
          preloadLinkHeader({
            js: route.js,
            css: [...shell.css, ...route.css],
          }),
          ...(data === undefined || !showsImagesFirst(data)
            ? []
            : (await learn(data)).map(imagePreloadLink)),
        ].filter((link) => link !== undefined);
        if (links.length > 0) reply.header("link", links.join(", "));
      });
    }
  } else {
    app.log.warn(
      { staticDir },
      "no built app (index.html) in STATIC_DIR: run `npm run build`; only the API is served",
    );
  }

  app.setNotFoundHandler((request, reply) => {
    if (hasShell && isPageRequest(request))
      return reply.code(200).sendFile("index.html");
    return notFound(request, reply);
  });
}

/**
 * The images the page of `call` shows first, asked of our own API: none when the page has no
 * answer (a product that is gone), undefined when the call failed.
 */
async function pageImages(
  app: App,
  call: ApiCall,
): Promise<string[] | undefined> {
  try {
    const answer = await app.inject({
      method: "GET",
      url: apiUrlOf(call),
      headers: { accept: "application/json" },
    });
    if (answer.statusCode >= 500) return undefined;
    if (answer.statusCode !== 200) return [];
    return firstImages(call, answer.json<{ data?: unknown }>().data);
  } catch (error) {
    app.log.warn(
      { err: error },
      "page image preload: the page's API call failed",
    );
    return undefined;
  }
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split("?")[0] ?? request.url;
  return reply
    .code(404)
    .send(failure("NOT_FOUND", `Not found: ${request.method} ${path}`));
}

/** A browser navigation to a client route: GET/HEAD, wants HTML, not reserved, no file extension. */
export function isPageRequest(
  request: Pick<FastifyRequest, "method" | "url" | "headers">,
): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!(request.headers.accept ?? "").includes("text/html")) return false;
  const path = request.url.split("?")[0] ?? "/";
  if (
    RESERVED_PREFIXES.some(
      (prefix) => path === prefix || path.startsWith(`${prefix}/`),
    )
  )
    return false;
  const lastSegment = path.slice(path.lastIndexOf("/") + 1);
  return extname(lastSegment) === "";
}
