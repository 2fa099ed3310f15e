// JSON and plain-text request bodies are UTF-8 or refused: a declared charset other than UTF-8 is a
// 415 (Fastify read every body as UTF-8 whatever it said), and bytes that are not valid UTF-8 are a
// 400 (they were decoded to U+FFFD and stored). Routes that take raw bodies replace these parsers
// in their own scope (the payment notification, the WuKongIM webhook).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors";

/** The WHATWG labels of UTF-8 that clients actually send. */
const UTF8_LABELS = new Set(["utf-8", "utf8"]);

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The charset parameter of a Content-Type header, lower-cased and unquoted; null when absent. */
export function charsetOf(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  for (const param of contentType.split(";").slice(1)) {
    const at = param.indexOf("=");
    if (at < 0) continue;
    if (param.slice(0, at).trim().toLowerCase() !== "charset") continue;
    return param
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .toLowerCase();
  }
  return null;
}

/** The body's text: refuses a non-UTF-8 charset (415) and invalid UTF-8 bytes (400). */
export function decodeUtf8Body(
  request: FastifyRequest,
  body: Buffer | string,
): string {
  const charset = charsetOf(request.headers["content-type"]);
  if (charset !== null && !UTF8_LABELS.has(charset))
    throw new HttpError(
      "UNSUPPORTED_MEDIA_TYPE",
      `charset ${charset.slice(0, 40)} is not supported: send UTF-8`,
    );
  try {
    // NOTE: the parsers ask for a Buffer; Fastify's types also allow the string form.
    return utf8.decode(typeof body === "string" ? Buffer.from(body) : body);
  } catch {
    throw new HttpError("MALFORMED_REQUEST", "the body is not valid UTF-8");
  }
}

/** Replaces Fastify's JSON and text/plain parsers (register on the root, before any route). */
export function registerUtf8Bodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer" },
    (request, body, done) => {
      let text: string;
      try {
        text = decodeUtf8Body(request, body);
      } catch (error) {
        done(error as Error);
        return;
      }
      void parseJson(request, text, done);
    },
  );
  app.addContentTypeParser(
    "text/plain",
    { parseAs: "buffer" },
    (request, body, done) => {
      try {
        done(null, decodeUtf8Body(request, body));
      } catch (error) {
        done(error as Error);
      }
    },
  );
}
