// Compresses answers over 1 kB on the fly (@fastify/compress: brotli at a quick level, or gzip),
// with one rule against BREACH-style attacks, where a body that holds a secret and text the
// attacker chose leaks the secret through its compressed length: only requests that carry no
// credentials (no Authorization, no Cookie but the tab's `locale` cookie, which holds no secret)
// are compressed. Their answers (home, products, news, the runtime config) hold no per-user secret; signed-in answers (tokens, imToken, orders with
// names the user typed) go out as they are. The built app's files are precompressed at build
// time (scripts/precompress.ts) and pass through untouched (they already have Content-Encoding).
// Compressed request bodies are not accepted (no decompression: no zip bombs in bodies).
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyRequest } from "fastify";
import { LOCALE_COOKIE } from "../../contract/locales";
import type { App } from "./fastifyApp";

/** Smallest body worth compressing (bytes). */
export const COMPRESS_THRESHOLD = 1024;

/** Cookies that hold no secret: a request carrying only these still gets compressed answers. */
const PUBLIC_COOKIES: ReadonlySet<string> = new Set([LOCALE_COOKIE]);

/** True when the request carries credentials: its answer may hold a secret. */
export function carriesCredentials(
  request: Pick<FastifyRequest, "headers">,
): boolean {
  const { authorization, cookie } = request.headers;
  if (authorization !== undefined && authorization !== "") return true;
  return (cookie ?? "").split(";").some((pair) => {
    const name = pair.split("=", 1)[0]?.trim() ?? "";
    return name !== "" && !PUBLIC_COOKIES.has(name);
  });
}

export async function registerCompression(app: App): Promise<void> {
  app.addHook("onRequest", (request, _reply, done) => {
    // NOTE: @fastify/compress leaves alone any request with this header.
    if (carriesCredentials(request))
      request.headers["x-no-compression"] = "credentials";
    done();
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
