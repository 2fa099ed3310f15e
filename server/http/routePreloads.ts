// Which chunks a page's route needs, sent as a `Link` header with the SPA shell, so a first visit
// fetches the route's code beside the entry instead of after it (one round trip less on a phone's
// connection, #20). Read once at start from the build's Vite manifest: every file route's split
// component chunk (`src/routes/…tsx?tsr-split=component`), with its imports and CSS, minus what the
// shell itself loads. Paths follow TanStack Router's file naming: `{-$locale}` an optional locale
// segment, `$id` one segment, `a.b` the segments a/b, `index` the folder itself, and `route` a layout
// whose chunk every page below it needs. Pure: no I/O.
import { LOCALES } from "#contract";

/** The parts of a Vite manifest entry this module reads. */
export interface ManifestChunk {
  file: string;
  imports?: readonly string[];
  css?: readonly string[];
  isEntry?: boolean;
}
export type ViteManifest = Readonly<Record<string, ManifestChunk>>;

type Segment =
  { kind: "locale" } | { kind: "param" } | { kind: "literal"; value: string };

interface RouteChunks {
  segments: readonly Segment[];
  /** A layout (`route.tsx`): matches its own path and every path below it. */
  layout: boolean;
  js: readonly string[];
  css: readonly string[];
}

const ROUTE_KEY = /^src\/routes\/(.+)\.tsx\?tsr-split=component$/;

function parseSegments(routePath: string): {
  segments: Segment[];
  layout: boolean;
} {
  const names = routePath.split(/[/.]/);
  const last = names.at(-1);
  const layout = last === "route";
  if (layout || last === "index") names.pop();
  const segments = names.map((name): Segment => {
    if (name === "{-$locale}") return { kind: "locale" };
    if (name.startsWith("$")) return { kind: "param" };
    return { kind: "literal", value: name };
  });
  return { segments, layout };
}

/** Files the shell already loads: the entry and everything it imports statically. */
function shellFiles(manifest: ViteManifest): Set<string> {
  const keys = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  return closure(manifest, keys).keys;
}

function closure(
  manifest: ViteManifest,
  start: readonly string[],
): { keys: Set<string>; css: Set<string> } {
  const keys = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    const chunk = manifest[key];
    if (chunk === undefined) return;
    keys.add(key);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  start.forEach(visit);
  return { keys, css };
}

/**
 * The shell's own files, entry first: its script, the chunks it imports statically, its CSS. They
 * lead the `Link` header, so the entry, the longest download on the way to the first paint, asks
 * first for one of HTTP/1.1's six connections instead of queueing behind the route's small chunks
 * until the parser reaches its `<script>` (the page's tags then take the preloaded answers).
 */
export function shellChunksFromManifest(manifest: ViteManifest): {
  js: string[];
  css: string[];
} {
  const entries = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const { keys, css } = closure(manifest, entries);
  const js = [...keys]
    .map((k) => manifest[k]?.file)
    .filter((file): file is string => file?.endsWith(".js") === true);
  return { js, css: [...css] };
}

/** Every file route's chunks, from the build's manifest. */
export function routeChunksFromManifest(manifest: ViteManifest): RouteChunks[] {
  const shell = shellFiles(manifest);
  const shellCss = closure(manifest, [...shell]).css;
  const routes: RouteChunks[] = [];
  for (const key of Object.keys(manifest)) {
    const routePath = ROUTE_KEY.exec(key)?.[1];
    if (routePath === undefined) continue;
    const { keys, css } = closure(manifest, [key]);
    const js = [...keys]
      .filter((k) => !shell.has(k))
      .map((k) => manifest[k]?.file)
      .filter((file): file is string => file?.endsWith(".js") === true);
    routes.push({
      ...parseSegments(routePath),
      js,
      css: [...css].filter((file) => !shellCss.has(file)),
    });
  }
  return routes;
}

const LOCALE_SET: ReadonlySet<string> = new Set(LOCALES);

/** How many path segments `pattern` consumes from `path` (−1: no match). */
function matchLength(
  pattern: readonly Segment[],
  path: readonly string[],
  layout: boolean,
): number {
  const match = (p: number, s: number): number => {
    if (p === pattern.length) return layout || s === path.length ? s : -1;
    const segment = pattern[p];
    const part = path[s];
    if (segment?.kind === "locale") {
      const withLocale =
        part !== undefined && LOCALE_SET.has(part) ? match(p + 1, s + 1) : -1;
      return withLocale >= 0 ? withLocale : match(p + 1, s);
    }
    if (part === undefined) return -1;
    if (segment?.kind === "literal" && segment.value !== part) return -1;
    return match(p + 1, s + 1);
  };
  return match(0, 0);
}

/**
 * The routes a page path renders: the most specific page (literal segments before parameters)
 * and the layouts above it. Empty for a path no route matches.
 */
export function chunksForPath(
  routes: readonly RouteChunks[],
  pathname: string,
): { js: string[]; css: string[] } {
  const path = pathname.split("/").filter((part) => part !== "");
  const literals = (route: RouteChunks) =>
    route.segments.filter((s) => s.kind === "literal").length;
  const pages = routes
    .filter((r) => !r.layout && matchLength(r.segments, path, false) >= 0)
    .sort((a, b) => literals(b) - literals(a));
  const page = pages[0];
  if (page === undefined) return { js: [], css: [] };
  const layouts = routes.filter(
    (r) => r.layout && matchLength(r.segments, path, true) >= 0,
  );
  const js = new Set<string>();
  const css = new Set<string>();
  for (const route of [...layouts, page]) {
    route.js.forEach((file) => js.add(file));
    route.css.forEach((file) => css.add(file));
  }
  return { js: [...js], css: [...css] };
}

/** The `Link` header value that preloads those chunks, or undefined when there are none. */
export function preloadLinkHeader(chunks: {
  js: readonly string[];
  css: readonly string[];
}): string | undefined {
  const links = [
    ...chunks.js.map((file) => `</${file}>; rel=modulepreload`),
    // NOTE: crossorigin, as the stylesheet link Vite adds when the chunk loads has it: a preload in
    // another credentials mode is not used, and the file is fetched twice.
    ...chunks.css.map(
      (file) => `</${file}>; rel=preload; as=style; crossorigin`,
    ),
  ];
  return links.length === 0 ? undefined : links.join(", ");
}
