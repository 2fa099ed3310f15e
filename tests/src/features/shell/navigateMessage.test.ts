// Window `navigate` messages: same origin only, path opened in a new tab, `data` appended as the
// query parameter `data` (JSON when not a string).
import {
  buildNavigateUrl,
  handleNavigateMessage,
  listenForNavigateMessages,
} from "../../../../src/features/shell/navigateMessage";

const origin = window.location.origin;

let openSpy: ReturnType<typeof vi.fn<typeof window.open>>;

beforeEach(() => {
  openSpy = vi.fn<typeof window.open>(() => null);
  vi.spyOn(window, "open").mockImplementation(openSpy);
});

afterEach(() => {
  vi.restoreAllMocks();
});

function post(data: unknown, from = origin) {
  window.dispatchEvent(new MessageEvent("message", { data, origin: from }));
}

describe("buildNavigateUrl", () => {
  it("appends string data as is (URL-encoded)", () => {
    expect(buildNavigateUrl("/order", "a b&c", origin)).toBe(
      `${origin}/order?data=a+b%26c`,
    );
  });

  it("appends other data as URL-encoded JSON", () => {
    const href = buildNavigateUrl(
      "/productDetails/3?x=1",
      { id: 3, tags: ["灯"] },
      origin,
    )!;
    const url = new URL(href);
    expect(url.pathname).toBe("/productDetails/3");
    expect(url.searchParams.get("x")).toBe("1");
    expect(url.searchParams.get("data")).toBe('{"id":3,"tags":["灯"]}');
    expect(href).toContain("data=%7B%22id%22%3A3");
  });

  it("adds nothing without data", () => {
    expect(buildNavigateUrl("/my", undefined, origin)).toBe(`${origin}/my`);
  });

  it("refuses paths that leave the origin", () => {
    expect(
      buildNavigateUrl("https://evil.example/x", undefined, origin),
    ).toBeUndefined();
    expect(
      buildNavigateUrl("//evil.example/x", undefined, origin),
    ).toBeUndefined();
    expect(
      buildNavigateUrl("javascript:alert(1)", undefined, origin),
    ).toBeUndefined();
  });
});

describe("listener", () => {
  it("opens same-origin navigate messages in a new tab", () => {
    const stop = listenForNavigateMessages(window);
    post({ type: "navigate", path: "/order", data: { masterId: 7 } });
    expect(openSpy).toHaveBeenCalledWith(
      `${origin}/order?data=${encodeURIComponent('{"masterId":7}')}`,
      "_blank",
      "noopener",
    );
    stop();
    post({ type: "navigate", path: "/order" });
    expect(openSpy).toHaveBeenCalledTimes(1);
  });

  it("ignores other origins and other message shapes", () => {
    const stop = listenForNavigateMessages(window);
    post({ type: "navigate", path: "/order" }, "https://other.example");
    post({ type: "other", path: "/order" });
    post({ type: "navigate" });
    post("navigate");
    post(null);
    expect(openSpy).not.toHaveBeenCalled();
    stop();
  });

  it("handleNavigateMessage returns what it opened", () => {
    const event = new MessageEvent("message", {
      data: { type: "navigate", path: "/my", data: "x" },
      origin,
    });
    expect(handleNavigateMessage(event, window)).toBe(`${origin}/my?data=x`);
  });
});
