// Uploads a real (tiny) image through file/v1/upload, for tests that send image messages: an image
// message may link only to a file stored here (#19).
import { png } from "../../server/files/imageFixtures";

export interface UploadedImage {
  url: string;
  /** The stored name (what order/v1/fulfil takes as a proof photo). */
  name: string;
  width: number;
  height: number;
}

export async function uploadImage(
  baseUrl: string,
  appToken: string,
  width = 2,
  height = 2,
): Promise<UploadedImage> {
  const form = new FormData();
  form.append(
    "file",
    new Blob([Uint8Array.from(png(width, height))], { type: "image/png" }),
    "photo.png",
  );
  const response = await fetch(new URL("/api/app/file/v1/upload", baseUrl), {
    method: "POST",
    headers: { authorization: `Bearer ${appToken}` },
    body: form,
  });
  const body = (await response.json()) as { data: UploadedImage | null };
  if (response.status !== 200 || body.data === null)
    throw new Error(`upload failed: ${String(response.status)}`);
  return body.data;
}
