/// <reference types="vite/client" />
// Where the REST API lives (VITE_API_BASE, `/api/app` when unset): the tabs' client and the
// service worker (which has no tab to ask) both call it. Here because the tabs may import the
// service worker's pure modules, not the other way round.

const DEFAULT_API_BASE = "/api/app";

const configured: unknown = import.meta.env.VITE_API_BASE;

export const apiBase: string =
  typeof configured === "string" && configured !== ""
    ? configured
    : DEFAULT_API_BASE;
