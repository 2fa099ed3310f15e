// The session (valtio): tokens and their expiry mirrored in localStorage, the signed-in user's
// info (memory only), and the sign-out flag. `isLoggedIn` is derived from the access token.
// Only plain state changes live here; the lifecycle (login, refresh, logout) is src/session/.
import { proxy } from "valtio";
import type { TokenPair, UserInfo } from "../api/accountTypes";

export const SESSION_STORAGE_KEYS = {
  accessToken: "fy_access_token",
  refreshToken: "fy_refresh_token",
  imUid: "fy_im_uid",
  imToken: "fy_im_token",
  /** Epoch milliseconds at which the access token expires. */
  accessExpiresAt: "fy_access_expires_at",
} as const;

type StoredField = keyof typeof SESSION_STORAGE_KEYS;
const FIELDS = Object.keys(SESSION_STORAGE_KEYS) as StoredField[];

export interface SessionTokens {
  accessToken: string | null;
  refreshToken: string | null;
  imUid: string | null;
  imToken: string | null;
  accessExpiresAt: number | null;
}

export interface SessionState extends SessionTokens {
  /** The signed-in user's info; null until `user/v1/info` answered. */
  user: UserInfo | null;
  /** Between the logout call and the clearing one second later. */
  signingOut: boolean;
  readonly isLoggedIn: boolean;
}

function readRaw(field: StoredField): string | null {
  try {
    const value = window.localStorage.getItem(SESSION_STORAGE_KEYS[field]);
    return value === "" ? null : value;
  } catch {
    return null;
  }
}

function writeRaw(field: StoredField, value: string | null): void {
  try {
    if (value === null)
      window.localStorage.removeItem(SESSION_STORAGE_KEYS[field]);
    else window.localStorage.setItem(SESSION_STORAGE_KEYS[field], value);
  } catch {
    // NOTE: without storage the session lives only in memory for this tab.
  }
}

function parseExpiry(raw: string | null): number | null {
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** The tokens as stored right now (another tab may have changed them). */
export function readStoredTokens(): SessionTokens {
  return {
    accessToken: readRaw("accessToken"),
    refreshToken: readRaw("refreshToken"),
    imUid: readRaw("imUid"),
    imToken: readRaw("imToken"),
    accessExpiresAt: parseExpiry(readRaw("accessExpiresAt")),
  };
}

const stored = readStoredTokens();

export const session = proxy<SessionState>({
  ...stored,
  user: null,
  signingOut: false,
  get isLoggedIn() {
    return this.accessToken !== null;
  },
});

/** The tokens this tab holds now. */
export function readSessionTokens(): SessionTokens {
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    imUid: session.imUid,
    imToken: session.imToken,
    accessExpiresAt: session.accessExpiresAt,
  };
}

function setInMemory<K extends StoredField>(
  field: K,
  value: SessionTokens[K],
): void {
  (session as SessionTokens)[field] = value;
}

function setField(field: StoredField, value: string | number | null): void {
  setInMemory(field, value);
  writeRaw(field, value === null ? null : String(value));
}

function copyField(field: StoredField, tokens: Partial<SessionTokens>): void {
  const value = tokens[field];
  if (value !== undefined) setInMemory(field, value);
}

/** Stores the given tokens (others keep their value). */
export function saveTokens(tokens: Partial<SessionTokens>): void {
  for (const field of FIELDS) {
    const value = tokens[field];
    if (value !== undefined) setField(field, value);
  }
}

/** Stores a login or refresh result; the expiry is counted from `now`. */
export function saveTokenPair(pair: TokenPair, now: number = Date.now()): void {
  saveTokens({
    accessToken: pair.app_token,
    refreshToken: pair.refresh_token,
    accessExpiresAt: now + Math.max(0, pair.expires_in) * 1000,
  });
}

/** Sets the user info and stores its IM credentials (fy_im_uid, fy_im_token). */
export function setUser(user: UserInfo): void {
  session.user = user;
  saveTokens({ imUid: user.imId, imToken: user.imToken });
}

/** Updates the masked phone after a successful binding. */
export function setUserPhone(phone: string): void {
  if (session.user !== null) session.user.phone = phone;
}

export function setSigningOut(value: boolean): void {
  session.signingOut = value;
}

/** Takes tokens (and optionally the user) another tab announced, in memory only. */
export function adoptTokens(
  tokens: Partial<SessionTokens>,
  user?: UserInfo,
): void {
  for (const field of FIELDS) copyField(field, tokens);
  if (user !== undefined) session.user = user;
}

/** Forgets the user and every token, in memory and (unless `memoryOnly`) in storage. */
export function clearSession({ memoryOnly = false } = {}): void {
  for (const field of FIELDS) {
    session[field] = null;
    if (!memoryOnly) writeRaw(field, null);
  }
  session.user = null;
  session.signingOut = false;
}

/** Re-reads the tokens from storage. */
export function reloadSessionFromStorage(): void {
  adoptTokens(readStoredTokens());
}
