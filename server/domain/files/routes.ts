// File endpoints: `POST file/v1/upload` (multipart, signed in) and `DELETE file/v1/:name` under
// /api/app, and the public `/media/:name` that serves stored files. The unguessable name is the
// capability: an <img> cannot send a bearer token.
import { MEDIA_PREFIX } from "#contract";
import { UploadedImage } from "#contract/schemas";
import { createReadStream } from "node:fs";
import { join } from "node:path";
import multipart from "@fastify/multipart";
import { Type } from "typebox";
import type { App } from "../../http/fastifyApp";
import { EnvelopeOf, ErrorEnvelope, ok } from "../../http/envelope";
import type { DomainDeps, DomainPlugin } from "../../http/domainPlugin";
import { BEARER, signedIn, signedInRoutes } from "../auth/authenticate";
import { resolvePublicUrl } from "../system/runtimeConfig";
import {
  DEFAULT_UPLOAD_LIMITS,
  STORED_NAME_PATTERN,
  UploadRefused,
  deleteUpload,
  findUpload,
  storeUpload,
} from "./uploads";

const tags = ["files"];
// NOTE: where stored files are served is #contract's (the client checks chat images against it).
export { MEDIA_PREFIX };
/** A year: stored files never change (a new upload gets a new name). */
const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";

const FILE_ERRORS = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  422: ErrorEnvelope,
  500: ErrorEnvelope,
} as const;

const NameParams = Type.Object({
  name: Type.String({ pattern: STORED_NAME_PATTERN }),
});

const MediaParams = Type.Object({ name: Type.String() });

function isTooLarge(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "FST_REQ_FILE_TOO_LARGE"
  );
}

export const fileRoutes: DomainPlugin = async (app, { config, db, auth }) => {
  const dir = config.filesDir;
  const limits = DEFAULT_UPLOAD_LIMITS;
  await app.register(multipart, {
    limits: { fileSize: limits.maxBytes, files: 1, fields: 10, parts: 12 },
  });

  await signedInRoutes(
    app,
    auth,
    (app) => {
      app.post(
        "/file/v1/upload",
        {
          schema: {
            tags,
            summary:
              "Upload a chat image (PNG, JPEG, WebP or GIF, judged by its bytes) as multipart field `file`",
            consumes: ["multipart/form-data"],
            security: BEARER,
            response: { 200: EnvelopeOf(UploadedImage), ...FILE_ERRORS },
          },
        },
        async (request) => {
          const { userId } = signedIn(request);
          if (!request.isMultipart())
            throw new UploadRefused(
              "MULTIPART_REQUIRED",
              "Send the image as multipart/form-data",
            );
          const part = await request.file();
          if (part === undefined)
            throw new UploadRefused("FIELD_REQUIRED", "The form has no file", {
              params: { field: "file" },
            });
          const tooLarge = () =>
            new UploadRefused(
              "IMAGE_TOO_LARGE",
              `The file is larger than ${limits.maxBytes} bytes`,
              { params: { max: limits.maxBytes } },
            );
          let bytes: Buffer;
          try {
            bytes = await part.toBuffer();
          } catch (error) {
            if (isTooLarge(error)) throw tooLarge();
            throw error;
          }
          // NOTE: when the cut falls on a chunk boundary, toBuffer() hands back the file cut at the
          // limit without an error; busboy still marks the stream truncated.
          if (part.file.truncated) throw tooLarge();
          const stored = await storeUpload(db, dir, userId, bytes, limits);
          const base = resolvePublicUrl(config, app.server.address());
          return ok({
            url: `${base}${MEDIA_PREFIX}/${stored.name}`,
            name: stored.name,
            width: stored.width,
            height: stored.height,
          });
        },
      );

      app.delete(
        "/file/v1/:name",
        {
          schema: {
            tags,
            summary: "Delete a file you uploaded",
            security: BEARER,
            params: NameParams,
            response: { 200: EnvelopeOf(Type.Null()), ...FILE_ERRORS },
          },
        },
        async (request) => {
          const { userId } = signedIn(request);
          await deleteUpload(db, dir, userId, request.params.name);
          return ok(null);
        },
      );
    },
    "preHandler",
  );
};

/** `GET /media/:name` (outside /api/app): the stored bytes with safe, long-lived headers. */
export function mediaRoutes(app: App, { config, db }: DomainDeps): void {
  const dir = config.filesDir;
  app.get(
    `${MEDIA_PREFIX}/:name`,
    {
      schema: {
        tags,
        summary:
          "A stored upload (public: its unguessable name is the capability)",
        params: MediaParams,
      },
    },
    async (request, reply) => {
      // NOTE: a malformed name is just another unknown file: 404, like any other miss.
      const { name } = request.params;
      const row = new RegExp(STORED_NAME_PATTERN).test(name)
        ? await findUpload(db, name)
        : undefined;
      if (row === undefined)
        throw new UploadRefused("FILE_NOT_FOUND", "No such file");
      const etag = `"${row.name}"`;
      void reply
        .header("Content-Type", row.mime)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", "inline")
        .header("Content-Security-Policy", "default-src 'none'; sandbox")
        .header("Cache-Control", IMMUTABLE_CACHE)
        .header("ETag", etag);
      if (request.headers["if-none-match"] === etag)
        return reply.code(304).send();
      void reply.header("Content-Length", row.size);
      return reply.send(createReadStream(join(dir, row.name)));
    },
  );
}
