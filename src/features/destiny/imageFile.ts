// Images the user picks, pastes or drops: which files count, and their pixel size (read with
// createImageBitmap, which decodes without putting anything in the page).

/** Whether `file` is an image the messenger sends. */
export function isImageFile(file: Blob): boolean {
  return file.type.startsWith("image/") && file.size > 0;
}

/** The image files among `files` (a FileList or DataTransfer items' files). */
export function imageFilesOf(files: Iterable<File> | ArrayLike<File>): File[] {
  return Array.from(files).filter(isImageFile);
}

/** Width and height in pixels; rejects when the browser cannot decode the file. */
export async function readImageSize(
  file: Blob,
): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(file);
  try {
    return { width: bitmap.width, height: bitmap.height };
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
