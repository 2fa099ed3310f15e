// The check that a fake server layer asks and answers what the real server would: each route's
// request parts and answer against the contract's TypeBox schemas (#contract/schemas), the ones
// the server validates with. A mismatch is a ContractDrift, thrown where it happens and kept so the
// test fails at its end even when the page swallowed the failed fetch. Test support.
import { UploadedImage } from "#contract/schemas";
import { type TSchema, Type } from "typebox";
import { Value } from "typebox/value";
import { onTestFinished } from "vitest";
import type { Answer } from "./fakeAnswers";
import type { FakeRequest } from "./layerFetch";

/** What the server validates a route with: the query and body it accepts, the data it answers. */
export interface RouteContract {
  query?: TSchema;
  body?: TSchema;
  answer: TSchema;
}

/** The data of an answer that carries none (`data: null`). */
export const NoData = Type.Null();

/** The file routes (server/domain/files/routes.ts), which the admin and desk fakes both answer. */
export const FILE_CONTRACT: Readonly<Record<string, RouteContract>> = {
  "file/v1/upload": { answer: UploadedImage },
  "file/v1/:name": { answer: NoData },
};

/** The route of a file path: `file/v1/upload`, or `file/v1/:name` for a stored file. */
export const fileRouteOf = (path: string): string =>
  path === "file/v1/upload"
    ? path
    : path.replace(/^file\/v1\/.+$/, "file/v1/:name");

export class ContractDrift extends Error {
  override name = "ContractDrift";
}

/**
 * Checks that `value` has the contract's shape `schema`: what a fake answers, and what it is asked,
 * must be what the server would send and accept. A mismatch is thrown as a ContractDrift naming
 * `what` and the first problems.
 */
export function conform(schema: TSchema, value: unknown, what: string): void {
  const problems = [...Value.Errors(schema, value)]
    .slice(0, 5)
    .map((error) => `${error.instancePath || "/"} ${error.message}`);
  if (problems.length > 0)
    throw new ContractDrift(
      `${what} breaks the contract: ${problems.join("; ")}`,
    );
}

/** One layer's routes under the contract, and what drifted from it. */
export class ContractCheck {
  /** What broke the contract (also thrown where it happened). */
  readonly drifts: string[] = [];

  private readonly routes: Readonly<Record<string, RouteContract>>;
  private readonly routeOf: (path: string) => string;

  /** `routes` by path; `routeOf` names the route of a path with ids in it (`…/:id`). */
  constructor(
    routes: Readonly<Record<string, RouteContract>>,
    routeOf: (path: string) => string = (path) => path,
  ) {
    this.routes = routes;
    this.routeOf = routeOf;
  }

  /**
   * Answers `request` through `serve`, the request checked first and a success's data after. The
   * query is handed over as the server reads it: converted to the schema's types, with defaults.
   */
  serve(
    request: FakeRequest,
    serve: (query: Record<string, unknown>) => Answer | undefined,
  ): Answer | undefined {
    const contract = this.routes[this.routeOf(request.path)];
    const what = `${request.method} ${request.path}`;
    const raw = Object.fromEntries(request.url.searchParams);
    const query = (
      contract?.query === undefined
        ? raw
        : Value.Default(contract.query, Value.Convert(contract.query, raw))
    ) as Record<string, unknown>;
    try {
      if (contract?.query) conform(contract.query, query, `${what}'s query`);
      if (contract?.body)
        conform(contract.body, request.body, `${what}'s body`);
      const found = serve(query);
      if (contract !== undefined && found?.status === 200)
        conform(
          contract.answer,
          (found.body as { data: unknown }).data,
          `the answer to ${what}`,
        );
      return found;
    } catch (error) {
      if (error instanceof ContractDrift) this.drifts.push(error.message);
      throw error;
    }
  }

  /** Fails the running test when it ends if anything drifted (call from a test or its hooks). */
  failTestOnDrift(): void {
    onTestFinished(() => {
      if (this.drifts.length > 0)
        throw new ContractDrift(this.drifts.join("\n"));
    });
  }
}
