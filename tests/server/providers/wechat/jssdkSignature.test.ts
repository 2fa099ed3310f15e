// The JS-SDK signature against the worked example of WeChat's JS-SDK docs, appendix 1.
import { describe, expect, it } from "vitest";
import { jssdkSignature } from "../../../../server/providers/wechat/jssdkSignature";

const EXAMPLE = {
  nonceStr: "Wm3WZYTPz0wzccnW",
  ticket:
    "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
  timestamp: 1414587457,
  url: "http://mp.weixin.qq.com?params=value",
};

describe("jssdkSignature", () => {
  it("reproduces the documented signature", () => {
    expect(jssdkSignature(EXAMPLE)).toBe(
      "0f9de62fce790f9a083d5c99e95740ceb90c27ed",
    );
    expect(jssdkSignature({ ...EXAMPLE, timestamp: "1414587457" })).toBe(
      "0f9de62fce790f9a083d5c99e95740ceb90c27ed",
    );
  });

  it("signs the URL without its fragment", () => {
    expect(
      jssdkSignature({ ...EXAMPLE, url: `${EXAMPLE.url}#/orders/42` }),
    ).toBe("0f9de62fce790f9a083d5c99e95740ceb90c27ed");
  });

  it("depends on every field", () => {
    const base = jssdkSignature(EXAMPLE);
    expect(jssdkSignature({ ...EXAMPLE, nonceStr: "x" })).not.toBe(base);
    expect(jssdkSignature({ ...EXAMPLE, ticket: "x" })).not.toBe(base);
    expect(jssdkSignature({ ...EXAMPLE, timestamp: 1 })).not.toBe(base);
    expect(
      jssdkSignature({
        ...EXAMPLE,
        url: "http://mp.weixin.qq.com?params=other",
      }),
    ).not.toBe(base);
  });
});
