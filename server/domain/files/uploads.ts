// Chat image uploads: checks (type by magic bytes, size, pixel count, per-user quota), storage under
// DATA_DIR/uploads with an unguessable name, the database record, lookup and deletion by the
// uploader. A refused upload leaves nothing behind, on disk or in the database.
import {
  MAX_UPLOAD_BYTES,
  MEDIA_PREFIX,
  MAX_UPLOAD_PIXELS,
  STORED_NAME_PATTERN,
  UPLOAD_LIMITS,
  UPLOAD_QUOTA_BYTES,
  isStoredName,
  type ApiErrorReason,
  type UploadLimits,
} from "#contract";
import { randomBytes } from "node:crypto";
import { mkdir, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/createDb";
import {
  orderStatusEvents,
  products,
  uploadedFiles,
  type UploadedFileRow,
} from "../../db/schema";
import { HttpError } from "../../http/errors";
import { lockUser } from "../users/userLock";
import { readImageInfo } from "./imageInfo";

// NOTE: the limits are #contract's, so the worker refuses before uploading what this would refuse.
export { MAX_UPLOAD_BYTES, MAX_UPLOAD_PIXELS, UPLOAD_QUOTA_BYTES };
export type { UploadLimits };

/** Random bytes in a stored name: 192 bits, above the 128 the URL-as-capability needs. */
const NAME_RANDOM_BYTES = 24;
// NOTE: a stored name (base64url random part plus the sniffed type's extension) is #contract's,
// which also reads one out of a chat image's URL.
export { STORED_NAME_PATTERN, isStoredName };

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = UPLOAD_LIMITS;

export class UploadRefused extends HttpError {
  override name = "UploadRefused";
}

function refuse(
  reason: ApiErrorReason,
  msg: string,
  max?: number,
): UploadRefused {
  return new UploadRefused(
    reason,
    msg,
    max === undefined ? undefined : { params: { max } },
  );
}

export interface StoredUpload {
  name: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}

/**
 * Checks and stores one upload of `userId`. Throws UploadRefused (415 not an accepted image, 413
 * too large, 422 too many pixels, 403 over quota) with nothing stored.
 */
export async function storeUpload(
  db: Db,
  dir: string,
  userId: number,
  bytes: Uint8Array,
  limits: UploadLimits = DEFAULT_UPLOAD_LIMITS,
): Promise<StoredUpload> {
  if (bytes.length === 0) throw refuse("IMAGE_EMPTY", "The file is empty");
  if (bytes.length > limits.maxBytes)
    throw refuse(
      "IMAGE_TOO_LARGE",
      `The file is larger than ${limits.maxBytes} bytes`,
      limits.maxBytes,
    );
  const info = readImageInfo(bytes);
  if (info === null)
    throw refuse(
      "IMAGE_NOT_ACCEPTED",
      "Only PNG, JPEG, WebP and GIF images are accepted",
    );
  if (info.width * info.height > limits.maxPixels) {
    throw refuse(
      "IMAGE_TOO_MANY_PIXELS",
      `The image has ${info.width}×${info.height} pixels; at most ${limits.maxPixels} are accepted`,
      limits.maxPixels,
    );
  }
  const name = `${randomBytes(NAME_RANDOM_BYTES).toString("base64url")}.${info.ext}`;
  const path = join(dir, name);
  await mkdir(dir, { recursive: true });
  await writeFile(path, bytes, { flag: "wx" });
  try {
    await db.transaction(async (tx) => {
      // NOTE: locking the user's row serializes one user's concurrent uploads, so two of them
      // cannot both pass the quota check.
      await lockUser(tx, userId);
      const [usage] = await tx
        .select({
          total: sql<string>`coalesce(sum(${uploadedFiles.size}), 0)`,
        })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.userId, userId));
      const used = Number(usage?.total ?? 0);
      if (used + bytes.length > limits.quotaBytes) {
        throw refuse(
          "UPLOAD_QUOTA_EXCEEDED",
          `Upload quota exceeded: ${used} of ${limits.quotaBytes} bytes are in use`,
        );
      }
      await tx.insert(uploadedFiles).values({
        name,
        userId,
        mime: info.mime,
        size: bytes.length,
        width: info.width,
        height: info.height,
      });
    });
  } catch (error) {
    await unlink(path).catch(() => undefined);
    throw error;
  }
  return {
    name,
    mime: info.mime,
    width: info.width,
    height: info.height,
    size: bytes.length,
  };
}

/** How many of `names` (distinct) are files `userId` uploaded. */
export async function countOwnUploads(
  db: Db,
  userId: number,
  names: readonly string[],
): Promise<number> {
  if (names.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(uploadedFiles)
    .where(
      and(
        inArray(uploadedFiles.name, [...names]),
        eq(uploadedFiles.userId, userId),
      ),
    );
  return row?.n ?? 0;
}

/** The record of a stored file, or undefined. */
export async function findUpload(
  db: Db,
  name: string,
): Promise<UploadedFileRow | undefined> {
  if (!isStoredName(name)) return undefined;
  const [row] = await db
    .select()
    .from(uploadedFiles)
    .where(eq(uploadedFiles.name, name));
  return row;
}

/**
 * Deletes a file of `userId`: 404 when there is no such file, 403 when another user uploaded it.
 * The record goes first, so the file stops being served even if unlinking fails.
 */
export async function deleteUpload(
  db: Db,
  dir: string,
  userId: number,
  name: string,
): Promise<void> {
  const row = await findUpload(db, name);
  if (row === undefined)
    throw new HttpError("FILE_NOT_FOUND", `No file ${name}`);
  if (row.userId !== userId)
    throw new HttpError("FORBIDDEN", "Only the uploader may delete this file");
  // NOTE: proof photos of a fulfilled order are named in a jsonb list, which no foreign key covers.
  const proof = await db
    .select({ id: orderStatusEvents.id })
    .from(orderStatusEvents)
    .where(sql`${orderStatusEvents.photos} @> ${JSON.stringify([name])}::jsonb`)
    .limit(1);
  if (proof.length > 0)
    throw new HttpError(
      "FILE_IN_USE",
      "This photo is the proof of a fulfilled order and cannot be deleted",
    );
  // NOTE: a product's cover names its file by URL path (products.cover), which no foreign key covers.
  const cover = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.cover, `${MEDIA_PREFIX}/${name}`))
    .limit(1);
  if (cover.length > 0)
    throw new HttpError(
      "FILE_IN_USE",
      "This picture is a product's cover and cannot be deleted",
    );
  try {
    await db
      .delete(uploadedFiles)
      .where(
        and(eq(uploadedFiles.name, name), eq(uploadedFiles.userId, userId)),
      );
  } catch (error) {
    // NOTE: another record still points at the file (e.g. a signed agreement's signature).
    if (isForeignKeyViolation(error))
      throw new HttpError(
        "FILE_IN_USE",
        "This file is still in use and cannot be deleted",
      );
    throw error;
  }
  await unlink(join(dir, name)).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  });
}

/**
 * PostgreSQL's foreign_key_violation (23503) or restrict_violation (23001, an ON DELETE RESTRICT
 * reference), directly or as the cause of a driver error.
 */
function isForeignKeyViolation(error: unknown): boolean {
  for (
    let e: unknown = error, depth = 0;
    e !== undefined && e !== null && depth < 4;
    depth++
  ) {
    if (
      typeof e === "object" &&
      "code" in e &&
      (e.code === "23503" || e.code === "23001")
    )
      return true;
    e = typeof e === "object" && "cause" in e ? e.cause : undefined;
  }
  return false;
}
