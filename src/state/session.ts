// Session tokens (valtio), mirrored in localStorage. `isLoggedIn` is derived from the access
// token. Login and user info come later; this file only owns the tokens and their storage.
import { proxy } from "valtio";

export const SESSION_STORAGE_KEYS = {
  accessToken: "fy_access_token",
  refreshToken: "fy_refresh_token",
  imUid: "fy_im_uid",
  imToken: "fy_im_token",
} as const;

type TokenField = keyof typeof SESSION_STORAGE_KEYS;
const FIELDS = Object.keys(SESSION_STORAGE_KEYS) as TokenField[];

export type SessionTokens = Record<TokenField, string | null>;

export interface SessionState extends SessionTokens {
  readonly isLoggedIn: boolean;
}

function readStored(field: TokenField): string | null {
  try {
    const value = window.localStorage.getItem(SESSION_STORAGE_KEYS[field]);
    return value === "" ? null : value;
  } catch {
    return null;
  }
}

function writeStored(field: TokenField, value: string | null): void {
  try {
    if (value === null)
      window.localStorage.removeItem(SESSION_STORAGE_KEYS[field]);
    else window.localStorage.setItem(SESSION_STORAGE_KEYS[field], value);
  } catch {
    // NOTE: without storage the session lives only in memory for this tab.
  }
}

export const session = proxy<SessionState>({
  accessToken: readStored("accessToken"),
  refreshToken: readStored("refreshToken"),
  imUid: readStored("imUid"),
  imToken: readStored("imToken"),
  get isLoggedIn() {
    return this.accessToken !== null;
  },
});

/** Stores the given tokens (others keep their value). */
export function saveTokens(tokens: Partial<SessionTokens>): void {
  for (const field of FIELDS) {
    const value = tokens[field];
    if (value === undefined) continue;
    session[field] = value;
    writeStored(field, value);
  }
}

/** Forgets every token. */
export function clearSession(): void {
  for (const field of FIELDS) {
    session[field] = null;
    writeStored(field, null);
  }
}

/** Re-reads the tokens from storage (another tab logged in or out). */
export function reloadSessionFromStorage(): void {
  for (const field of FIELDS) session[field] = readStored(field);
}

/** Keeps this tab's session in step with other tabs; returns the unsubscribe function. */
export function watchSessionStorage(target: Window): () => void {
  const keys = new Set<string>(Object.values(SESSION_STORAGE_KEYS));
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || keys.has(event.key)) reloadSessionFromStorage();
  };
  target.addEventListener("storage", onStorage);
  return () => {
    target.removeEventListener("storage", onStorage);
  };
}
