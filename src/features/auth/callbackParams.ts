// What the OAuth return carries and what handling it produced. Parsed from the raw query string
// (not the router's JSON-decoding search parser), so a code or state made of digits stays as sent.
export interface CallbackParams {
  code: string | undefined;
  state: string | undefined;
  /** "1" (website QR) or "2" (in-app), as put into the redirect URL. */
  type: string | undefined;
  /** Set by flows other than login, e.g. "order". */
  source: string | undefined;
  masterId: string | undefined;
  masterOrderNo: string | undefined;
  id: string | undefined;
}

export type CallbackOutcome =
  | { status: "done"; redirect: string | undefined }
  | { status: "error"; message: string; redirect: string | undefined };

function param(search: URLSearchParams, name: string): string | undefined {
  const value = search.get(name);
  return value === null || value === "" ? undefined : value;
}

export function parseCallbackParams(searchStr: string): CallbackParams {
  const search = new URLSearchParams(searchStr);
  return {
    code: param(search, "code"),
    state: param(search, "state"),
    type: param(search, "type"),
    source: param(search, "source"),
    masterId: param(search, "masterId"),
    masterOrderNo: param(search, "masterOrderNo"),
    id: param(search, "id"),
  };
}
