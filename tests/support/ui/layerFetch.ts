// The plumbing every fake server layer of the tab's tests shares: a request read as the server
// would (its path under /api/app, method, parsed JSON body, headers), and a fetch stub put in front
// of the current one that answers the layer's routes and passes every other request on. Test support.
import type { Answer } from "./fakeAnswers";

/** A request as a fake layer sees it. */
export interface FakeRequest {
  url: URL;
  /** The path under /api/app/, e.g. `order/v1/detail`. */
  path: string;
  method: string;
  /** The JSON body parsed; a body of another kind (FormData) as sent; undefined without one. */
  body: unknown;
  headers: Headers;
}

export function readRequest(input: string, init?: RequestInit): FakeRequest {
  const url = new URL(input, window.location.origin);
  return {
    url,
    path: url.pathname.replace(/^\/api\/app\//, ""),
    method: init?.method ?? "GET",
    body:
      typeof init?.body === "string"
        ? (JSON.parse(init.body) as unknown)
        : init?.body,
    headers: new Headers(init?.headers),
  };
}

/**
 * Stubs fetch with a layer over the fetch stubbed now: `answer` answers the requests it knows
 * (undefined: not mine, passed on), after `beforeAnswer` settles (e.g. an answer held back).
 */
export function layerFetch(
  answer: (request: FakeRequest) => Answer | undefined,
  beforeAnswer?: (request: FakeRequest) => Promise<void>,
): void {
  const below = globalThis.fetch;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string, init?: RequestInit): Promise<Response> => {
      const request = readRequest(input, init);
      const found = answer(request);
      if (found === undefined) return below(input, init);
      const respond = () => Response.json(found.body, { status: found.status });
      return beforeAnswer === undefined
        ? Promise.resolve(respond())
        : beforeAnswer(request).then(respond);
    }),
  );
}
