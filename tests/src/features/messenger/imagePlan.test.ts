// The photo plan before a chat image is queued: shrink to the longest side, keep GIFs and small
// PNGs, always re-encode JPEGs (metadata), refuse what cannot fit, and say why an undecodable
// file is refused. The limits are #contract's (the ones the worker and the server enforce).
import { describe, expect, it } from "vitest";
import {
  CHAT_IMAGE_MAX_SIDE,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_PIXELS,
} from "#contract";
import {
  classifyUndecodable,
  planImage,
  targetSize,
} from "../../../../src/features/messenger/imagePlan";

const MB = 1024 * 1024;

describe("targetSize", () => {
  it("shrinks a 12-megapixel photo to 2560 on its longest side, aspect kept", () => {
    expect(targetSize(4032, 3024)).toEqual({ width: 2560, height: 1920 });
    expect(targetSize(3024, 4032)).toEqual({ width: 1920, height: 2560 });
  });

  it("never enlarges", () => {
    expect(targetSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it("keeps at least one pixel of a very thin image", () => {
    expect(targetSize(100_000, 10)).toEqual({ width: 2560, height: 1 });
  });

  it("fits the pixel limit when the side limit alone would not", () => {
    const { width, height } = targetSize(9000, 9000, 9000, 1_000_000);
    expect(width * height).toBeLessThanOrEqual(1_000_000);
    expect(width).toBe(1000);
  });

  it("uses the one shared side limit", () => {
    expect(CHAT_IMAGE_MAX_SIDE).toBe(2560);
  });
});

describe("planImage", () => {
  const photo = {
    mime: "image/jpeg",
    bytes: 36 * MB,
    width: 4000,
    height: 3000,
  };

  it("re-encodes a 36 MB, 12 MP photo as a 2560 px JPEG, falling quality until it fits", () => {
    const plan = planImage(photo);
    expect(plan).toMatchObject({ kind: "encode", width: 2560, height: 1920 });
    if (plan.kind !== "encode") throw new Error("not encoded");
    expect(plan.attempts.map((a) => a.type)).toEqual([
      "image/jpeg",
      "image/jpeg",
      "image/jpeg",
    ]);
    expect(plan.attempts.map((a) => a.quality)).toEqual([0.85, 0.7, 0.5]);
  });

  it("re-encodes even a small JPEG, so its EXIF metadata (GPS, orientation) is dropped", () => {
    expect(
      planImage({
        mime: "image/jpeg",
        bytes: 200_000,
        width: 800,
        height: 600,
      }),
    ).toMatchObject({ kind: "encode", width: 800, height: 600 });
  });

  it("keeps a PNG screenshot within the limits", () => {
    expect(
      planImage({
        mime: "image/png",
        bytes: 2 * MB,
        width: 1170,
        height: 2532,
      }),
    ).toEqual({ kind: "keep" });
  });

  it("shrinks a large PNG to WebP first (transparency), JPEG if WebP cannot be encoded", () => {
    const plan = planImage({
      mime: "image/png",
      bytes: 12 * MB,
      width: 5120,
      height: 2880,
    });
    expect(plan).toMatchObject({ kind: "encode", width: 2560, height: 1440 });
    if (plan.kind !== "encode") throw new Error("not encoded");
    expect(plan.attempts[0]?.type).toBe("image/webp");
    expect(plan.attempts.at(-1)?.type).toBe("image/jpeg");
  });

  it("keeps a GIF (animation) within the limits, even a large one", () => {
    expect(
      planImage({
        mime: "image/gif",
        bytes: 9 * MB,
        width: 3000,
        height: 3000,
      }),
    ).toEqual({ kind: "keep" });
  });

  it("refuses a GIF over the limits rather than drop its animation", () => {
    expect(
      planImage({
        mime: "image/gif",
        bytes: MAX_UPLOAD_BYTES + 1,
        width: 500,
        height: 500,
      }),
    ).toEqual({ kind: "refuse", reason: "IMAGE_TOO_LARGE" });
    expect(
      planImage({ mime: "image/gif", bytes: 1000, width: 4097, height: 4096 }),
    ).toEqual({ kind: "refuse", reason: "IMAGE_TOO_LARGE" });
  });

  it("converts a type the server does not store (BMP, HEIC where decodable) to JPEG", () => {
    const plan = planImage({
      mime: "image/bmp",
      bytes: 5 * MB,
      width: 1000,
      height: 1000,
    });
    if (plan.kind !== "encode") throw new Error("not encoded");
    expect(new Set(plan.attempts.map((a) => a.type))).toEqual(
      new Set(["image/jpeg"]),
    );
  });

  it("never plans an output over the pixel limit", () => {
    const plan = planImage(
      { mime: "image/jpeg", bytes: 1000, width: 20_000, height: 20_000 },
      {
        maxBytes: MAX_UPLOAD_BYTES,
        maxPixels: MAX_UPLOAD_PIXELS,
        quotaBytes: 0,
      },
      30_000,
    );
    if (plan.kind !== "encode") throw new Error("not encoded");
    expect(plan.width * plan.height).toBeLessThanOrEqual(MAX_UPLOAD_PIXELS);
  });
});

describe("classifyUndecodable", () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(
      values.flatMap((v) =>
        typeof v === "number" ? [v] : Array.from(v, (c) => c.charCodeAt(0)),
      ),
    );

  it.each([
    ["a JPEG cut short", bytes(0xff, 0xd8, 0xff, 0xe0), ""],
    ["a PNG with broken chunks", bytes(0x89, "PNG", 0x0d, 0x0a), ""],
    ["a broken GIF", bytes("GIF89a"), ""],
    ["a broken WebP", bytes("RIFF", 0, 0, 0, 0, "WEBP"), ""],
    ["random bytes named .jpg", bytes(1, 2, 3, 4), "image/jpeg"],
  ])("calls %s damaged", (_name, head, mime) => {
    expect(classifyUndecodable(head, mime)).toBe("IMAGE_DAMAGED");
  });

  it.each([
    ["a PDF", bytes("%PDF-1.7"), "application/pdf"],
    [
      "a HEIC the browser cannot read",
      bytes(0, 0, 0, 24, "ftypheic"),
      "image/heic",
    ],
    ["an unknown file", bytes(1, 2, 3), ""],
  ])("calls %s not an image we send", (_name, head, mime) => {
    expect(classifyUndecodable(head, mime)).toBe("IMAGE_NOT_ACCEPTED");
  });
});
