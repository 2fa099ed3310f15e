// The pages the accessibility gate visits: every page route of the generated route tree, each with
// whether it needs the signed-in user and the address that opens it with real seeded ids. Test
// support; `unlistedRoutes` tells the test when a new route has no entry here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { SeededIds } from "./a11yFixtures";

export const LOCALES = ["cn", "tw", "en"] as const;
export type ScanLocale = (typeof LOCALES)[number];
export const MODES = ["light", "dark"] as const;
export type ScanMode = (typeof MODES)[number];

/** `<html lang>` the app sets for each locale. */
export const HTML_LANG: Record<ScanLocale, string> = {
  cn: "zh-CN",
  tw: "zh-TW",
  en: "en-US",
};

export interface PageEntry {
  /** The route's full path as TanStack Router names it in src/routeTree.gen.ts. */
  route: string;
  signedIn: boolean;
  /** The address without the locale prefix. */
  path: (ids: SeededIds) => string;
}

const LAYOUT = "/{-$locale}";

export const PAGES: readonly PageEntry[] = [
  { route: "/{-$locale}/", signedIn: false, path: () => "/" },
  { route: "/{-$locale}/services", signedIn: false, path: () => "/services" },
  {
    route: "/{-$locale}/productDetails/$id",
    signedIn: false,
    path: (ids) => `/productDetails/${ids.productId}`,
  },
  { route: "/{-$locale}/blessing/", signedIn: false, path: () => "/blessing" },
  {
    route: "/{-$locale}/blessing/$id",
    signedIn: false,
    path: (ids) => `/blessing/${ids.blessingId}`,
  },
  {
    route: "/{-$locale}/templeStyle",
    signedIn: false,
    path: () => "/templeStyle",
  },
  {
    route: "/{-$locale}/monk/$id",
    signedIn: false,
    path: (ids) => `/monk/${ids.monkId}`,
  },
  {
    route: "/{-$locale}/dynamicFamily",
    signedIn: false,
    path: () => "/dynamicFamily",
  },
  {
    route: "/{-$locale}/fateTogether",
    signedIn: false,
    path: () => "/fateTogether",
  },
  {
    route: "/{-$locale}/privacy-policy",
    signedIn: false,
    path: () => "/privacy-policy",
  },
  {
    route: "/{-$locale}/terms-of-service",
    signedIn: false,
    path: () => "/terms-of-service",
  },
  { route: "/{-$locale}/login", signedIn: false, path: () => "/login" },
  // NOTE: without a WeChat code the callback page shows its failure state (heading, alert, links).
  { route: "/{-$locale}/callback", signedIn: false, path: () => "/callback" },
  { route: "/{-$locale}/destiny", signedIn: true, path: () => "/destiny" },
  { route: "/{-$locale}/my/", signedIn: true, path: () => "/my" },
  {
    route: "/{-$locale}/my/settings",
    signedIn: true,
    path: () => "/my/settings",
  },
  {
    route: "/{-$locale}/my/manager",
    signedIn: true,
    path: () => "/my/manager",
  },
  {
    route: "/{-$locale}/my/invite",
    signedIn: true,
    path: () => "/my/invite",
  },
  { route: "/{-$locale}/myOrder/", signedIn: true, path: () => "/myOrder" },
  // NOTE: as the demo user the staff pages show the "no access" page, which is what gets scanned.
  {
    route: "/{-$locale}/staff/orders",
    signedIn: true,
    path: () => "/staff/orders",
  },
  {
    route: "/{-$locale}/staff/orders/$masterId",
    signedIn: true,
    path: () => "/staff/orders/1",
  },
  {
    route: "/{-$locale}/staff/chats",
    signedIn: true,
    path: () => "/staff/chats",
  },
  // NOTE: the demo user is no admin: the admin pages show their "no access" page.
  { route: "/{-$locale}/admin", signedIn: true, path: () => "/admin" },
  {
    route: "/{-$locale}/admin/$section",
    signedIn: true,
    path: () => "/admin/applications",
  },
  {
    route: "/{-$locale}/myOrder/inviteRecord",
    signedIn: true,
    path: () => "/myOrder/inviteRecord",
  },
  {
    route: "/{-$locale}/order",
    signedIn: true,
    path: (ids) => `/order?masterOrderNo=${ids.pendingOrderNo}`,
  },
  {
    route: "/{-$locale}/productDetails/orderConfirm/$id",
    signedIn: true,
    path: (ids) => `/productDetails/orderConfirm/${ids.productId}`,
  },
  { route: "/{-$locale}/register", signedIn: true, path: () => "/register" },
  {
    route: "/{-$locale}/prayer/agreement",
    signedIn: true,
    path: (ids) => `/prayer/agreement?id=${ids.agreementId}`,
  },
];

/** The full paths listed in the generated route tree (`fullPaths:` union), without the layout. */
export function routeTreePaths(root = process.cwd()): string[] {
  const source = readFileSync(join(root, "src/routeTree.gen.ts"), "utf8");
  const block = /fullPaths:\s*((?:\s*\|\s*'[^']*')+)/.exec(source)?.[1];
  if (block === undefined)
    throw new Error("no fullPaths union in src/routeTree.gen.ts");
  return [...block.matchAll(/'([^']*)'/g)]
    .map((match) => match[1] ?? "")
    .filter((path) => path !== LAYOUT);
}

/** Routes of the route tree with no entry in PAGES. */
export function unlistedRoutes(root?: string): string[] {
  const listed = new Set(PAGES.map((entry) => entry.route));
  return routeTreePaths(root).filter((path) => !listed.has(path));
}

/** `path` in `locale` (cn has no prefix). */
export function localized(locale: ScanLocale, path: string): string {
  if (locale === "cn") return path;
  return path === "/" ? `/${locale}` : `/${locale}${path}`;
}
