// Images the user picks, pastes or drops: which files count, and readying one for sending (decoded
// with createImageBitmap, which decodes without putting anything in the page, then shrunk).
import { UPLOAD_LIMITS } from "#contract";
import {
  classifyUndecodable,
  planImage,
  type ImagePlan,
  type ImageRefusal,
} from "./imagePlan";

/** Whether `file` is an image the messenger sends. */
export function isImageFile(file: Blob): boolean {
  return file.type.startsWith("image/") && file.size > 0;
}

/** The image files among `files` (a FileList or DataTransfer items' files). */
export function imageFilesOf(files: Iterable<File> | ArrayLike<File>): File[] {
  return Array.from(files).filter(isImageFile);
}

/** A picked file that cannot be sent, with the reason the user reads. */
export class ImageRefused extends Error {
  override name = "ImageRefused";
  readonly code: ImageRefusal;

  constructor(code: ImageRefusal, options?: ErrorOptions) {
    super(code, options);
    this.code = code;
  }
}

/** What the worker is given to send: the file to upload and its pixel size. */
export interface PreparedImage {
  readonly file: Blob;
  readonly width: number;
  readonly height: number;
}

async function decode(file: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch (error) {
    const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
    throw new ImageRefused(classifyUndecodable(head, file.type), {
      cause: error,
    });
  }
}

async function encode(
  bitmap: ImageBitmap,
  plan: Extract<ImagePlan, { kind: "encode" }>,
): Promise<Blob> {
  const canvas = new OffscreenCanvas(plan.width, plan.height);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("No 2D context for an OffscreenCanvas");
  context.imageSmoothingQuality = "high";
  for (const { type, quality } of plan.attempts) {
    context.clearRect(0, 0, plan.width, plan.height);
    if (type === "image/jpeg") {
      // NOTE: JPEG has no transparency; transparent pixels would turn black.
      context.fillStyle = "#fff";
      context.fillRect(0, 0, plan.width, plan.height);
    }
    context.drawImage(bitmap, 0, 0, plan.width, plan.height);
    const blob = await canvas.convertToBlob({ type, quality });
    // NOTE: a browser that cannot encode `type` answers with a PNG instead: try the next type.
    if (blob.type === type && blob.size <= UPLOAD_LIMITS.maxBytes) return blob;
  }
  // NOTE: still over the byte limit at the lowest quality (a huge, noisy picture).
  throw new ImageRefused("IMAGE_TOO_LARGE");
}

/**
 * Readies a picked photo for sending (imagePlan.ts decides): decoded off the main thread by
 * createImageBitmap with its EXIF orientation applied, then kept or shrunk and re-encoded by an
 * OffscreenCanvas (asynchronous encoding, metadata dropped). Throws {@link ImageRefused} with the
 * reason the user reads.
 */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  // NOTE: a file without a type (an unknown extension) may still be a photo: its bytes decide.
  if (file.type !== "" && !file.type.startsWith("image/"))
    throw new ImageRefused("IMAGE_NOT_ACCEPTED");
  const bitmap = await decode(file);
  try {
    const { width, height } = bitmap;
    const plan = planImage({
      mime: file.type,
      bytes: file.size,
      width,
      height,
    });
    if (plan.kind === "refuse") throw new ImageRefused(plan.reason);
    if (plan.kind === "keep" || typeof OffscreenCanvas === "undefined")
      // NOTE: without OffscreenCanvas (old browsers) the file goes as it is; the worker refuses it
      // with the precise reason when it is over the limits.
      return { file, width, height };
    return {
      file: await encode(bitmap, plan),
      width: plan.width,
      height: plan.height,
    };
  } finally {
    bitmap.close();
  }
}

/** The box an image bubble reserves: at most `maxWidth` wide and `maxHeight` tall, aspect kept. */
export function fitImage(
  width: number,
  height: number,
  maxWidth = 200,
  maxHeight = 260,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: maxWidth, height: maxWidth };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(48, Math.round(width * scale)),
    height: Math.max(48, Math.round(height * scale)),
  };
}
