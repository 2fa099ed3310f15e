// Every route a running server registered (Fastify's route tree, hidden routes included) with the
// request fields its OpenAPI schema declares, and which of those fields look like references to
// an object or a person (ids, numbers, names, codes, URLs…), for the IDOR gate.
import type { App } from "../../../../server/http/app";

export interface RouteInfo {
  /** "GET order/v1/detail" for /api/app routes, else "GET /media/:name". */
  key: string;
  method: string;
  /** Fastify path, e.g. /api/app/oapi/v1/news/:id */
  path: string;
  /** Whether the OpenAPI document describes it (hidden routes are not). */
  documented: boolean;
  /** Every request field the schema declares (params, query, body; nested names too). */
  fields: string[];
  /** The fields that look like references to an object or a person. */
  refs: string[];
}

const API_PREFIX = "/api/app/";

/**
 * Field names that name an object or a person: ids and numbers (masterId, message_ids,
 * masterOrderNo, client_msg_no), uids, names and file URLs, codes and states, tokens, endpoints,
 * phone numbers and e-mail addresses.
 */
const REFERENCE_FIELD =
  /^(id|ids|uid|name|url|slug|code|state|token|endpoint|phone|email|account)$|(Id|Ids|_id|_ids|Uid|_uid|No|_no|Name|Url|Code|Token|_token|Endpoint|Slug)$/;

export function isReferenceField(name: string): boolean {
  return REFERENCE_FIELD.test(name);
}

export function routeKey(method: string, path: string): string {
  return `${method} ${path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path}`;
}

/** Collects the routes of a listening app (HEAD twins of GET routes are left out). */
export async function routeInventory(
  app: App,
  baseUrl: string,
): Promise<RouteInfo[]> {
  const registered = parseRouteTree(app.printRoutes({ commonPrefix: false }));
  const response = await fetch(new URL("/api/docs/json", baseUrl));
  if (response.status !== 200)
    throw new Error(`/api/docs/json answered ${response.status}`);
  const doc = (await response.json()) as OpenApiDoc;
  const documented = new Map<string, string[]>();
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    const path = openApiPath.replace(/\{([^}]+)\}/g, ":$1");
    for (const [method, operation] of Object.entries(operations))
      documented.set(
        `${method.toUpperCase()} ${path}`,
        operationFields(operation),
      );
  }
  return registered
    .filter((route) => route.method !== "HEAD")
    .map(({ method, path }) => {
      const fields = documented.get(`${method} ${path}`);
      return {
        key: routeKey(method, path),
        method,
        path,
        documented: fields !== undefined,
        fields: fields ?? [],
        refs: (fields ?? []).filter(isReferenceField),
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

/** Reads `printRoutes({ commonPrefix: false })`: one node per line, children indented by 4. */
export function parseRouteTree(
  tree: string,
): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split("\n")) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(
      line,
    );
    if (match === null) continue;
    const depth = (match[1] ?? "").length / 4;
    stack.length = depth;
    const path = `${stack.join("")}${match[2] ?? ""}`;
    stack.push(match[2] ?? "");
    for (const method of (match[3] ?? "").split(",")) {
      const name = method.trim();
      if (name !== "") routes.push({ method: name, path });
    }
  }
  return routes;
}

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

interface OpenApiOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

function operationFields(operation: OpenApiOperation): string[] {
  const names = new Set<string>();
  for (const parameter of operation.parameters ?? []) names.add(parameter.name);
  for (const media of Object.values(operation.requestBody?.content ?? {}))
    if (media.schema !== undefined) collectProperties(media.schema, names);
  return [...names].sort();
}

function collectProperties(node: SchemaNode, into: Set<string>): void {
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    into.add(name);
    collectProperties(child, into);
  }
  const items =
    node.items === undefined
      ? []
      : Array.isArray(node.items)
        ? node.items
        : [node.items];
  for (const child of [
    ...items,
    ...(node.anyOf ?? []),
    ...(node.oneOf ?? []),
    ...(node.allOf ?? []),
  ])
    collectProperties(child, into);
}
