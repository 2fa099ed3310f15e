// The route → chunks map read from the Vite manifest, and the Link header a page's shell carries
// (#20): the page's split chunk with its imports and CSS, its layouts', never the shell's own files;
// and the shell's own files, entry first, which lead every page's header.
import {
  chunksForPath,
  preloadLinkHeader,
  routeChunksFromManifest,
  shellChunksFromManifest,
  type ViteManifest,
} from "../../../server/http/routePreloads";

const MANIFEST: ViteManifest = {
  "index.html": {
    file: "assets/index-E.js",
    isEntry: true,
    imports: ["_runtime.js"],
    css: ["assets/index-E.css"],
  },
  "_runtime.js": { file: "assets/runtime-R.js" },
  "_format.js": { file: "assets/format-F.js", imports: ["index.html"] },
  "_card.js": {
    file: "assets/card-C.js",
    imports: ["_format.js", "_runtime.js"],
    css: ["assets/card-C.css"],
  },
  "src/routes/{-$locale}/index.tsx?tsr-split=component": {
    file: "assets/home-H.js",
    imports: ["index.html", "_card.js"],
    css: ["assets/home-H.css"],
  },
  "src/routes/{-$locale}/login.tsx?tsr-split=component": {
    file: "assets/login-L.js",
    imports: ["index.html"],
  },
  "src/routes/{-$locale}/productDetails/$id.tsx?tsr-split=component": {
    file: "assets/product-P.js",
    imports: ["_format.js"],
  },
  "src/routes/{-$locale}/productDetails/orderConfirm.$id.tsx?tsr-split=component":
    { file: "assets/confirm-O.js" },
  "src/routes/{-$locale}/admin/route.tsx?tsr-split=component": {
    file: "assets/adminLayout-A.js",
  },
  "src/routes/{-$locale}/admin/$section.tsx?tsr-split=component": {
    file: "assets/section-S.js",
  },
  "src/routes/{-$locale}/staff/orders.tsx?tsr-split=component": {
    file: "assets/orders-D.js",
  },
  "src/routes/{-$locale}/staff/orders.$masterId.tsx?tsr-split=component": {
    file: "assets/order-M.js",
  },
  "src/routes/{-$locale}/route.tsx?tsr-split=notFoundComponent": {
    file: "assets/notFound-N.js",
  },
};

const routes = routeChunksFromManifest(MANIFEST);
const chunks = (path: string) => chunksForPath(routes, path);

it("gives a page its chunk, its imports and their CSS, without the shell's files", () => {
  expect(chunks("/")).toEqual({
    js: ["assets/home-H.js", "assets/card-C.js", "assets/format-F.js"],
    css: ["assets/home-H.css", "assets/card-C.css"],
  });
  expect(chunks("/login")).toEqual({ js: ["assets/login-L.js"], css: [] });
});

it("names the shell's files, its entry script first, then its static imports and CSS", () => {
  expect(shellChunksFromManifest(MANIFEST)).toEqual({
    js: ["assets/index-E.js", "assets/runtime-R.js"],
    css: ["assets/index-E.css"],
  });
  expect(shellChunksFromManifest({})).toEqual({ js: [], css: [] });
});

it("matches with or without a locale segment, and only known locales", () => {
  expect(chunks("/en/login")).toEqual(chunks("/login"));
  expect(chunks("/tw/")).toEqual(chunks("/"));
  expect(chunks("/fr/login").js).toEqual([]);
});

it("fills parameters, prefers literal segments and adds layouts above the page", () => {
  expect(chunks("/productDetails/7").js).toEqual([
    "assets/product-P.js",
    "assets/format-F.js",
  ]);
  expect(chunks("/en/productDetails/orderConfirm/7").js).toEqual([
    "assets/confirm-O.js",
  ]);
  expect(chunks("/admin/products").js).toEqual([
    "assets/adminLayout-A.js",
    "assets/section-S.js",
  ]);
  expect(chunks("/staff/orders").js).toEqual(["assets/orders-D.js"]);
  expect(chunks("/staff/orders/123").js).toEqual(["assets/order-M.js"]);
});

it("has nothing for a path no page matches, not even a layout's", () => {
  expect(chunks("/nope")).toEqual({ js: [], css: [] });
  expect(chunks("/admin")).toEqual({ js: [], css: [] });
  expect(chunks("/productDetails/7/extra")).toEqual({ js: [], css: [] });
  expect(preloadLinkHeader(chunks("/nope"))).toBeUndefined();
});

it("writes modulepreload links for code and style preloads for CSS", () => {
  expect(preloadLinkHeader(chunks("/"))).toBe(
    "</assets/home-H.js>; rel=modulepreload, </assets/card-C.js>; rel=modulepreload, " +
      "</assets/format-F.js>; rel=modulepreload, </assets/home-H.css>; rel=preload; as=style; crossorigin, " +
      "</assets/card-C.css>; rel=preload; as=style; crossorigin",
  );
});
