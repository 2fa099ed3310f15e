// The invite code a visitor arrived with (`?invite=CODE` on any page), kept in localStorage for 30
// days so that it survives browsing away, signing in (also through WeChat's redirect) and a new
// account's phone binding; the offer to bind it is made once signed in, and the code is forgotten
// once bound, declined, or pointless (the account already has an inviter, or it is its own code).

export const PENDING_INVITE_KEY = "fuyuan.pendingInvite";
export const PENDING_INVITE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Invite codes as the server hands them out: letters and digits. */
const INVITE_CODE = /^[A-Za-z0-9]{2,32}$/;

interface Stored {
  code: string;
  at: number;
}

/** The invite code in a location's search string, when it is one. */
export function inviteInSearch(searchStr: string): string | null {
  const code = new URLSearchParams(searchStr).get("invite")?.trim() ?? "";
  return INVITE_CODE.test(code) ? code : null;
}

export function rememberInvite(
  code: string,
  now = Date.now(),
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(
      PENDING_INVITE_KEY,
      JSON.stringify({ code, at: now } satisfies Stored),
    );
  } catch {
    // NOTE: storage full or disabled: the code then lives only in the URL, as before.
  }
}

/** The remembered code, unless it has expired or what is stored is not one. */
export function pendingInvite(
  now = Date.now(),
  storage: Storage = localStorage,
): string | null {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(PENDING_INVITE_KEY) ?? "null");
  } catch {
    return null;
  }
  if (typeof stored !== "object" || stored === null) return null;
  const { code, at } = stored as Partial<Stored>;
  if (typeof code !== "string" || !INVITE_CODE.test(code)) return null;
  if (typeof at !== "number" || now - at > PENDING_INVITE_TTL_MS || at > now)
    return null;
  return code;
}

export function forgetInvite(storage: Storage = localStorage): void {
  try {
    storage.removeItem(PENDING_INVITE_KEY);
  } catch {
    // NOTE: nothing to forget where storage is disabled.
  }
}
