// Calls of the blessing wall: the public list and one blessing (Bearer optional, so `joined` is
// known when signed in), and joining a blessing (signed-in, one join per user). The shapes are the
// server's own schemas (#contract), as types only.
import {
  BLESSINGS_PAGE_SIZE,
  blessingsCall,
  type BlessingDto,
  type BlessingJoinResult,
} from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "./client";
import type { Locale, Page } from "./types";

/** A blessing of the wall; `beneficiary` and `owner` are masked by the server (e.g. "张*"). */
export type Blessing = BlessingDto;

export { BLESSINGS_PAGE_SIZE };

interface Call {
  signal?: AbortSignal | undefined;
}

const withSignal = (signal: AbortSignal | undefined) =>
  signal ? { signal } : {};

/** One page of the wall, BLESSINGS_PAGE_SIZE long: the call the server preloads for `/blessing`. */
export function fetchBlessings(
  params: { locale: Locale; page: number },
  { signal }: Call = {},
): Promise<Page<Blessing>> {
  const { path, query } = blessingsCall(params.locale, params.page);
  return apiRequest(path, { query, ...withSignal(signal) });
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
): Promise<Static<typeof BlessingJoinResult>> {
  return apiRequest("blessing/v1/join", { method: "POST", body: { id } });
}
