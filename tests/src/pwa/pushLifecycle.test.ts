// A notification click routed to an open window navigates it to the conversation in that window's
// locale; other service worker messages are ignored.
import {
  pushOpenHref,
  startPushLifecycle,
} from "../../../src/pwa/pushLifecycle";

it("keeps the window's locale prefix", () => {
  expect(pushOpenHref("/destiny?chat=u1", "/tw/my")).toBe(
    "/tw/destiny?chat=u1",
  );
  expect(pushOpenHref("/destiny?chat=u1", "/en")).toBe("/en/destiny?chat=u1");
  expect(pushOpenHref("/destiny?chat=u1&type=2", "/my")).toBe(
    "/destiny?chat=u1&type=2",
  );
});

it("navigates on the service worker's push-open message only", () => {
  const container = new EventTarget();
  const target = {
    navigator: { serviceWorker: container, userAgent: "Mozilla/5.0" },
    location: { pathname: "/en/blessing" },
  } as unknown as Window & typeof globalThis;
  const opened: string[] = [];
  const stop = startPushLifecycle(target, (href) => opened.push(href));
  container.dispatchEvent(
    new MessageEvent("message", {
      data: { type: "fuyuan-push-open", path: "/destiny?chat=u9" },
    }),
  );
  container.dispatchEvent(
    new MessageEvent("message", { data: { type: "SKIP_WAITING" } }),
  );
  container.dispatchEvent(
    new MessageEvent("message", {
      data: { type: "fuyuan-push-open", path: "//evil.example/" },
    }),
  );
  stop();
  container.dispatchEvent(
    new MessageEvent("message", {
      data: { type: "fuyuan-push-open", path: "/destiny?chat=late" },
    }),
  );
  expect(opened).toEqual(["/en/destiny?chat=u9"]);
});
