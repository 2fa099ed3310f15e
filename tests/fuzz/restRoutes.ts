// Every route of a running server, for the REST fuzzer: methods and paths from Fastify's route
// tree (hidden routes included), request schemas from the OpenAPI document (/api/docs/json).
import type { FastifyInstance } from "fastify";

/** A JSON schema as the OpenAPI document gives it (no $refs in ours). */
export type JsonSchema = Record<string, unknown>;

export interface FuzzRoute {
  method: string;
  /** Fastify path, parameters as `:name` (wildcards as `*`). */
  path: string;
  /** Path parameter schemas, by name (from the document; `{}` when undocumented). */
  params: Record<string, JsonSchema>;
  /** Querystring parameter schemas, by name, and which are required. */
  query: Record<string, JsonSchema>;
  requiredQuery: string[];
  /** JSON body schema, or null when the route documents none. */
  body: JsonSchema | null;
  /** The document lists a bearer security requirement. */
  auth: boolean;
  /** In the OpenAPI document (false: hidden routes such as /dev pages and the pay notification). */
  documented: boolean;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const TREE_LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/;

/** Method + path of every registered route, from `printRoutes` (HEAD twins left out). */
export function listRoutes(
  app: Pick<FastifyInstance, "printRoutes">,
): { method: string; path: string }[] {
  const stack: string[] = [];
  const routes: { method: string; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = TREE_LINE.exec(line);
    if (match === null) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? "") + match[2]!;
    stack[depth] = path;
    for (const method of (match[3] ?? "").split(", ")) {
      if (method === "" || method === "HEAD") continue;
      routes.push({ method, path });
    }
  }
  return routes;
}

/** `/a/{id}` (OpenAPI) → `/a/:id` (Fastify). */
function fastifyPath(openApiPath: string): string {
  return openApiPath.replace(/\{([^}]+)\}/g, ":$1");
}

/** The routes of `app` with the request schemas its OpenAPI document gives them. */
export function fuzzRoutes(
  app: Pick<FastifyInstance, "printRoutes">,
  doc: OpenApiDocument,
): FuzzRoute[] {
  const documented = new Map<string, OpenApiOperation>();
  for (const [path, operations] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(operations))
      documented.set(`${method.toUpperCase()} ${fastifyPath(path)}`, operation);
  return listRoutes(app).map(({ method, path }) => {
    const operation = documented.get(`${method} ${path}`);
    const params: Record<string, JsonSchema> = {};
    for (const name of path.match(/:(\w+)/g) ?? []) params[name.slice(1)] = {};
    const query: Record<string, JsonSchema> = {};
    const requiredQuery: string[] = [];
    for (const parameter of operation?.parameters ?? []) {
      const schema = parameter.schema ?? {};
      if (parameter.in === "path") params[parameter.name] = schema;
      if (parameter.in === "query") {
        query[parameter.name] = schema;
        if (parameter.required === true) requiredQuery.push(parameter.name);
      }
    }
    return {
      method,
      path,
      params,
      query,
      requiredQuery,
      body:
        operation?.requestBody?.content?.["application/json"]?.schema ?? null,
      auth: (operation?.security?.length ?? 0) > 0,
      documented: operation !== undefined,
    };
  });
}
