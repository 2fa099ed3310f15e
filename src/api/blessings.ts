// Calls of the blessing wall: the public list and one blessing (Bearer optional, so `joined` is
// known when signed in), and joining a blessing (signed-in, one join per user).
import { apiRequest } from "./client";
import type { Locale, Page, ProductCategory } from "./types";

export interface Blessing {
  id: number;
  productTitle: string;
  category: ProductCategory;
  /** Masked by the server, e.g. "张*". */
  beneficiary: string | null;
  /** Masked by the server. */
  owner: string;
  wish: string | null;
  blessedAt: string;
  joinCount: number;
  joined: boolean;
}

/** Blessings per page of the wall. */
export const BLESSINGS_PAGE_SIZE = 10;

interface Call {
  signal?: AbortSignal | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

export function fetchBlessings(
  params: { locale: Locale; page: number; pageSize: number },
  { signal }: Call = {},
): Promise<Page<Blessing>> {
  return apiRequest("oapi/v1/blessings", {
    query: params,
    ...withSignal(signal),
  });
}

export function fetchBlessing(
  id: number,
  locale: Locale,
  { signal }: Call = {},
): Promise<Blessing> {
  return apiRequest(`oapi/v1/blessings/${String(id)}`, {
    query: { locale },
    ...withSignal(signal),
  });
}

export function joinBlessing(
  id: number,
): Promise<{ id: number; joinCount: number; joined: true }> {
  return apiRequest("blessing/v1/join", { method: "POST", body: { id } });
}
