// Just enough RFC 5322/2045/2047 parsing to read what nodemailer sends: unfolded, decoded headers
// (encoded words), multipart bodies and base64 / quoted-printable transfer encodings.

export interface MimePart {
  headers: Map<string, string>;
  /** Decoded text of a leaf part; "" for multiparts. */
  text: string;
  parts: MimePart[];
}

function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, "$1")
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_all, _charset: string, encoding: string, data: string) => {
        if (encoding.toUpperCase() === "B")
          return Buffer.from(data, "base64").toString("utf8");
        return decodeQuotedPrintable(data.replace(/_/g, " "));
      },
    );
}

export function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const source = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    const hex = source.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

function param(headerValue: string, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, "i").exec(headerValue);
  return match?.[1];
}

export function parseMime(raw: string): MimePart {
  const split = raw.indexOf("\r\n\r\n");
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? "" : raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeEncodedWords(line.slice(colon + 1).trim()),
      );
  }
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = param(contentType, "boundary");
  if (
    contentType.toLowerCase().startsWith("multipart/") &&
    boundary !== undefined
  ) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .map((chunk) =>
        parseMime(chunk.replace(/^\r\n/, "").replace(/\r\n$/, "")),
      );
    return { headers, text: "", parts };
  }
  const encoding = (
    headers.get("content-transfer-encoding") ?? "7bit"
  ).toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, text, parts: [] };
}

/** The first leaf part with this content type (e.g. "text/plain"). */
export function findPart(part: MimePart, type: string): MimePart | undefined {
  if (part.parts.length === 0)
    return (part.headers.get("content-type") ?? "text/plain")
      .toLowerCase()
      .startsWith(type)
      ? part
      : undefined;
  for (const child of part.parts) {
    const found = findPart(child, type);
    if (found) return found;
  }
  return undefined;
}
