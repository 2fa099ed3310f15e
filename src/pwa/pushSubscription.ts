// This browser's Web Push subscription: whether push can work here (not in WeChat's browser, nor
// without a service worker, PushManager or Notification), the card's state, turning it on
// (permission → subscribe with the server's VAPID key → register it) and off, and dropping it at
// sign-out. The browser comes in as a PushEnvironment, so the rules are tested without one.
import { isWechatUserAgent } from "../lib/userAgent";
import type { PushApi, PushSubscriptionBody } from "./pushApi";

export type PushState = "unsupported" | "wechat" | "denied" | "off" | "on";

export type PushFailure =
  /** The user did not allow notifications (or closed the prompt). */
  | "NOT_ALLOWED"
  /** No service worker controls this page yet (first visit before it installed, dev build). */
  | "NO_SERVICE_WORKER"
  /** The browser's push service refused or is unreachable. */
  | "PUSH_SERVICE"
  /** Our server did not take the subscription. */
  | "SERVER";

export type EnableResult =
  { ok: true } | { ok: false; failure: PushFailure; state: PushState };

/** The parts of PushSubscription used here. */
export interface BrowserPushSubscription {
  readonly endpoint: string;
  readonly options: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint?: string; keys?: Record<string, string> };
  unsubscribe(): Promise<boolean>;
}

export interface BrowserPushManager {
  getSubscription(): Promise<BrowserPushSubscription | null>;
  subscribe(options: {
    userVisibleOnly: true;
    applicationServerKey: Uint8Array<ArrayBuffer>;
  }): Promise<BrowserPushSubscription>;
}

export interface PushEnvironment {
  userAgent: string;
  /** null where the browser has no Notification API. */
  permission: () => NotificationPermission | null;
  requestPermission: () => Promise<NotificationPermission>;
  /**
   * The service worker's push manager; null when push is missing or no worker is active (with
   * `wait`, after waiting a while for one to activate).
   */
  pushManager: (wait: boolean) => Promise<BrowserPushManager | null>;
  /** Whether the browser has service workers and PushManager at all. */
  hasPushApi: boolean;
}

/** How long enabling waits for the service worker to become active. */
const SERVICE_WORKER_WAIT_MS = 10_000;
/**
 * How long pushManager.subscribe may take. NOTE: a browser that cannot reach its push service
 * (no network to it, or none at all, as in headless Chromium) may never settle the call.
 */
export const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export function browserPushEnvironment(
  target: Window & typeof globalThis,
): PushEnvironment {
  const nav = target.navigator;
  const hasPushApi =
    "serviceWorker" in nav &&
    "PushManager" in target &&
    "Notification" in target;
  return {
    userAgent: nav.userAgent,
    hasPushApi,
    permission: () =>
      "Notification" in target ? target.Notification.permission : null,
    requestPermission: () => target.Notification.requestPermission(),
    pushManager: async (wait) => {
      if (!hasPushApi) return null;
      const found = await nav.serviceWorker.getRegistration("/");
      if (found?.active) return found.pushManager;
      if (!wait) return null;
      const ready = await Promise.race([
        nav.serviceWorker.ready,
        new Promise<null>((resolve) => {
          target.setTimeout(() => {
            resolve(null);
          }, SERVICE_WORKER_WAIT_MS);
        }),
      ]);
      return ready?.pushManager ?? null;
    },
  };
}

/** Whether push can work here at all (the card explains when not). */
export function pushSupport(env: PushEnvironment): PushState | null {
  if (isWechatUserAgent(env.userAgent)) return "wechat";
  if (!env.hasPushApi || env.permission() === null) return "unsupported";
  return null;
}

/** base64url → bytes (the VAPID key as pushManager.subscribe wants it). */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(key: ArrayBuffer | null, expected: Uint8Array): boolean {
  if (key === null) return false;
  const actual = new Uint8Array(key);
  return (
    actual.length === expected.length &&
    actual.every((byte, i) => byte === expected[i])
  );
}

/** The body push/v1/subscribe takes, or null when the browser left a key out. */
export function subscriptionBody(
  sub: BrowserPushSubscription,
): PushSubscriptionBody | null {
  const json = sub.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (p256dh === undefined || auth === undefined) return null;
  return { endpoint: sub.endpoint, keys: { p256dh, auth } };
}

/** The card's state: on only when this browser is subscribed and the server has it for you. */
export async function readPushState(
  env: PushEnvironment,
  api: PushApi,
): Promise<PushState> {
  const unsupported = pushSupport(env);
  if (unsupported !== null) return unsupported;
  if (env.permission() === "denied") return "denied";
  const manager = await env.pushManager(false);
  const sub = manager === null ? null : await manager.getSubscription();
  if (sub === null || env.permission() !== "granted") return "off";
  try {
    return (await api.status(sub.endpoint)).endpoint === true ? "on" : "off";
  } catch {
    // NOTE: offline, the browser's own subscription is the best answer there is.
    return "on";
  }
}

async function subscribeFresh(
  manager: BrowserPushManager,
  key: Uint8Array<ArrayBuffer>,
): Promise<BrowserPushSubscription> {
  const existing = await manager.getSubscription();
  if (existing !== null) {
    if (sameKey(existing.options.applicationServerKey, key)) return existing;
    // NOTE: made for another server key: it can no longer receive our pushes.
    await existing.unsubscribe();
  }
  return withTimeout(
    manager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_TIMEOUT_MS,
  );
}

/**
 * Turns notifications on. Call straight from the click (some browsers only show the permission
 * prompt for a user gesture): asking for permission is the first thing it does.
 */
export async function enablePush(
  env: PushEnvironment,
  api: PushApi,
): Promise<EnableResult> {
  const unsupported = pushSupport(env);
  if (unsupported !== null)
    return { ok: false, failure: "PUSH_SERVICE", state: unsupported };
  const permission =
    env.permission() === "granted" ? "granted" : await env.requestPermission();
  if (permission !== "granted")
    return {
      ok: false,
      failure: "NOT_ALLOWED",
      state: permission === "denied" ? "denied" : "off",
    };
  const manager = await env.pushManager(true);
  if (manager === null)
    return { ok: false, failure: "NO_SERVICE_WORKER", state: "off" };
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base64UrlBytes(await api.publicKey());
  } catch {
    return { ok: false, failure: "SERVER", state: "off" };
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    let sub: BrowserPushSubscription;
    try {
      sub = await subscribeFresh(manager, key);
    } catch (error) {
      console.warn("pushManager.subscribe failed", error);
      return { ok: false, failure: "PUSH_SERVICE", state: "off" };
    }
    const body = subscriptionBody(sub);
    if (body === null) {
      await sub.unsubscribe();
      return { ok: false, failure: "PUSH_SERVICE", state: "off" };
    }
    let answer: Awaited<ReturnType<PushApi["subscribe"]>>;
    try {
      answer = await api.subscribe(body);
    } catch {
      return { ok: false, failure: "SERVER", state: "off" };
    }
    if (answer === "saved") return { ok: true };
    // NOTE: the endpoint is registered to another account: drop it and take a fresh one, once.
    await sub.unsubscribe();
  }
  return { ok: false, failure: "SERVER", state: "off" };
}

/** Turns notifications off: the server forgets the endpoint, the browser drops it. */
export async function disablePush(
  env: PushEnvironment,
  api: PushApi,
): Promise<void> {
  const manager = await env.pushManager(false);
  const sub = manager === null ? null : await manager.getSubscription();
  if (sub === null) return;
  await api.unsubscribe(sub.endpoint);
  await sub.unsubscribe();
}

/** At sign-out (best effort, no server call: the server dropped the session's subscriptions). */
export async function dropBrowserSubscription(
  env: PushEnvironment,
): Promise<void> {
  if (pushSupport(env) !== null) return;
  const manager = await env.pushManager(false);
  const sub = manager === null ? null : await manager.getSubscription();
  await sub?.unsubscribe();
}

/**
 * After the user info loads: a subscription the server has for this user is registered again,
 * so its texts follow the current interface locale. Anything else is left to the /my card.
 */
export async function refreshPushSubscription(
  env: PushEnvironment,
  api: PushApi,
): Promise<void> {
  if (pushSupport(env) !== null || env.permission() !== "granted") return;
  const manager = await env.pushManager(false);
  const sub = manager === null ? null : await manager.getSubscription();
  if (sub === null) return;
  const body = subscriptionBody(sub);
  if (body === null) return;
  if ((await api.status(sub.endpoint)).endpoint === true)
    await api.subscribe(body);
}
