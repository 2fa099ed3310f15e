// Browser-test helpers that feed a step trace (stepTrace.ts) for its failure report: a tab's
// navigations, loads, errors, failed requests and service-worker lifecycle, the requests of a whole
// browser context still in flight, and what a tab shows; traceTab sets most of them up for a test.
// Test support.
import type { BrowserContext, Page, Request } from "playwright-core";
import type { TestContext } from "vitest";
import { traceSteps, type StepTrace } from "./stepTrace";

/** Records a tab's navigations, loads, errors and crashes into `trace`. */
export function watchTab(p: Page, name: string, trace: StepTrace): void {
  p.on("framenavigated", (frame) => {
    if (frame === p.mainFrame())
      trace.event(`${name}: navigated to ${frame.url()}`);
  });
  p.on("load", () => {
    trace.event(`${name}: load`);
  });
  p.on("crash", () => {
    trace.event(`${name}: CRASHED`);
  });
  p.on("pageerror", (error) => {
    trace.event(`${name}: page error ${error.message}`);
  });
  p.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning")
      trace.event(`${name}: console ${message.type()} ${message.text()}`);
  });
  p.on("requestfailed", (request) => {
    trace.event(
      `${name}: request failed ${request.url()} ${request.failure()?.errorText ?? ""}`,
    );
  });
}

/**
 * Records a tab's service-worker lifecycle into `trace`, in this document and the ones after it:
 * updates found, each worker's state changes and the tab's controller changes, so an update that
 * never lands says whether the new worker installed, was activated, or took over the tab. Also, from
 * DevTools, each worker version's status and whether it is running: an old worker that stopped and
 * started again while a new one waits is Chromium's activation stall (src/pwa/updateController.ts).
 */
export async function watchServiceWorker(
  p: Page,
  name: string,
  trace: StepTrace,
): Promise<void> {
  await p.exposeFunction("__traceServiceWorker", (text: string) => {
    trace.event(`${name}: ${text}`);
  });
  const watch = () => {
    const report = (text: string) => {
      void (
        window as unknown as { __traceServiceWorker: (t: string) => unknown }
      ).__traceServiceWorker(text);
    };
    const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
    if (sw === undefined) return;
    sw.addEventListener("controllerchange", () => {
      report(`controllerchange (now ${sw.controller?.state ?? "none"})`);
    });
    const follow = (worker: ServiceWorker | null, role: string) => {
      worker?.addEventListener("statechange", () => {
        report(`${role} service worker → ${worker.state}`);
      });
    };
    void sw.getRegistration().then((registration) => {
      if (registration === undefined) return;
      follow(registration.installing, "installing");
      follow(registration.waiting, "waiting");
      follow(registration.active, "active");
      registration.addEventListener("updatefound", () => {
        report("updatefound");
        follow(registration.installing, "new");
      });
    });
  };
  await p.addInitScript(watch);
  await p.evaluate(watch);
  const devtools = await p.context().newCDPSession(p);
  const seen = new Map<string, string>();
  devtools.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    for (const version of versions) {
      const state = `${version.status} ${version.runningStatus}`;
      if (seen.get(version.versionId) === state) continue;
      seen.set(version.versionId, state);
      trace.event(`${name}: worker version ${version.versionId} ${state}`);
    }
  });
  await devtools.send("ServiceWorker.enable");
}

/**
 * Requests of the whole browser context (its tabs and service workers) that started and have not
 * finished, with their age, for a stuck navigation (and Chromium holds a skipWaiting activation
 * while the old worker still handles one); plus service-worker request failures (watchTab has the
 * tabs' own). Returns the function that stops watching.
 */
export function watchRequests(
  context: BrowserContext,
  trace: StepTrace,
): () => void {
  const open = new Map<Request, number>();
  const from = (request: Request) =>
    request.serviceWorker() === null ? "page" : "service worker";
  const started = (request: Request) => {
    open.set(request, Date.now());
  };
  const finished = (request: Request) => {
    open.delete(request);
  };
  const failed = (request: Request) => {
    open.delete(request);
    if (request.serviceWorker() !== null)
      trace.event(
        `service worker: request failed ${request.url()} ${request.failure()?.errorText ?? ""}`,
      );
  };
  context.on("request", started);
  context.on("requestfinished", finished);
  context.on("requestfailed", failed);
  trace.detail("requests in flight", () =>
    [...open].map(
      ([request, at]) =>
        `${from(request)} ${request.method()} ${request.url()} for ${((Date.now() - at) / 1000).toFixed(1)} s`,
    ),
  );
  return () => {
    context.off("request", started);
    context.off("requestfinished", finished);
    context.off("requestfailed", failed);
  };
}

/**
 * What a tab shows (for a failure report): its URL, headings, the start of its main text, its
 * service-worker controller, and the last resources it fetched (ms since the tab's start:
 * started+took; a resource still loading has no entry yet).
 */
function tabState(page: Page): Promise<unknown> {
  return page.evaluate(() => ({
    url: location.pathname + location.search,
    headings: Array.from(document.querySelectorAll("h1, h2"), (h) =>
      h.textContent.trim(),
    ),
    main: (document.querySelector("main")?.textContent ?? "").slice(0, 300),
    controller: navigator.serviceWorker.controller?.state ?? null,
    now: Math.round(performance.now()),
    lastFetched: performance
      .getEntriesByType("resource")
      .slice(-12)
      .map(
        (e) =>
          `${e.name} ${String(Math.round(e.startTime))}+${String(Math.round(e.duration))}`,
      ),
  }));
}

/**
 * Where a tab stands in an update (for a failure report): its build label, its service workers'
 * states and what its status banners say (why a ready update waits, if it does).
 */
export function updateState(p: Page): Promise<unknown> {
  return p.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      url: location.pathname,
      build: document.documentElement.dataset.build ?? "",
      visibility: document.visibilityState,
      controller: navigator.serviceWorker.controller?.state ?? null,
      installing: registration?.installing?.state ?? null,
      waiting: registration?.waiting?.state ?? null,
      active: registration?.active?.state ?? null,
      status: Array.from(document.querySelectorAll('[role="status"]'), (el) =>
        el.textContent.trim(),
      ),
    };
  });
}

/**
 * The step trace of a test that drives `page`: the tab's events and its context's requests in
 * flight (both while the test runs), and on failure `state(page)` (tabState unless given) and the
 * end of the server's output.
 * @example const trace = traceTab(testContext, page, () => server.output()); trace.step("sign in");
 */
export function traceTab(
  {
    onTestFailed,
    onTestFinished,
  }: Pick<TestContext, "onTestFailed" | "onTestFinished">,
  page: Page,
  serverOutput: () => string | undefined,
  {
    name = "tab",
    state = tabState,
  }: { name?: string; state?: (p: Page) => Promise<unknown> } = {},
): StepTrace {
  const trace = traceSteps(onTestFailed);
  watchTab(page, name, trace);
  onTestFinished(watchRequests(page.context(), trace));
  trace.detail(name, () => state(page));
  trace.detail("server output (end)", () => serverOutput()?.slice(-2000));
  return trace;
}
