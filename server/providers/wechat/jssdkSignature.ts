// JS-SDK permission signature (JS-SDK docs, appendix 1): sha1 over the four fields sorted by name,
// joined as `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, raw values, URL without its fragment.
import { createHash } from "node:crypto";

export interface JssdkSignatureInput {
  ticket: string;
  nonceStr: string;
  /** Unix seconds, the same value passed to wx.config. */
  timestamp: number | string;
  /** The full URL of the page calling wx.config. */
  url: string;
}

export function jssdkSignature(input: JssdkSignatureInput): string {
  const hash = input.url.indexOf("#");
  const url = hash === -1 ? input.url : input.url.slice(0, hash);
  const string1 =
    `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}` +
    `&timestamp=${String(input.timestamp)}&url=${url}`;
  return createHash("sha1").update(string1, "utf8").digest("hex");
}
