// Browser-test helpers for the messenger: a suite's server and browser with the demo accounts
// signed in (useDemoChat), signing a demo account in once and reusing its storage,
// URLs in a worker mode (`?worker=dedicated`), thread locators, calls to the API as the page's user,
// and counting the SharedWorkers of a browser context through CDP. Test support.
import { afterAll, beforeAll } from "vitest";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchBrowser, MOBILE } from "./browser";
import {
  startServerProcess,
  type ServerProcess,
} from "./serverProcess";
import { signInWithPhone } from "./accounts";

export type WorkerMode = "shared" | "dedicated";

export const DEMO_USER = {
  phone: "13800000001",
  imId: "demo_user",
  name: "善信小福",
};
export const SERVICE_STAFF = {
  phone: "13800000002",
  imId: "demo_service",
  name: "福缘客服",
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** `path` with `?worker=dedicated` added in the dedicated mode. */
export function inMode(path: string, mode: WorkerMode): string {
  if (mode === "shared") return path;
  const url = new URL(path, "http://x");
  url.searchParams.set("worker", "dedicated");
  return `${url.pathname}${url.search}`;
}

/** Signs `phone` in through the real login page and returns the context's storage (tokens). */
export async function signInOnce(
  browser: Browser,
  baseUrl: string,
  phone: string,
  mode: WorkerMode,
): Promise<StorageState> {
  const context = await browser.newContext({ ...MOBILE, baseURL: baseUrl });
  const page = await context.newPage();
  const redirect = inMode("/destiny", mode);
  await page.goto(
    inMode(`/login?redirect=${encodeURIComponent(redirect)}`, mode),
  );
  await signInWithPhone(page, baseUrl, phone);
  await page.waitForURL("**/destiny**");
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A fresh context holding a signed-in user's tokens (mobile viewport). */
export function userContext(
  browser: Browser,
  baseUrl: string,
  state: StorageState,
): Promise<BrowserContext> {
  return browser.newContext({
    ...MOBILE,
    baseURL: baseUrl,
    storageState: state,
  });
}

export interface DemoChat {
  readonly browser: Browser;
  readonly server: ServerProcess;
  /** The demo user's and the service staff's signed-in storage (shared worker mode). */
  readonly userState: StorageState;
  readonly staffState: StorageState;
  /** A new context holding `state` with a page at `path`; closed after the suite. */
  open(
    state: StorageState,
    path: string,
  ): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * A suite's browser and server with the demo user and the service staff signed in once (set up
 * before all, closed after all); the handles are filled in by the time the tests run.
 */
export function useDemoChat(): DemoChat {
  const contexts: BrowserContext[] = [];
  const chat = {
    open: async (state: StorageState, path: string) => {
      const context = await userContext(
        chat.browser,
        chat.server.baseUrl,
        state,
      );
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(path);
      return { context, page };
    },
  } as { -readonly [K in keyof DemoChat]: DemoChat[K] };
  beforeAll(async () => {
    chat.browser = await launchBrowser();
    chat.server = await startServerProcess();
    const { baseUrl } = chat.server;
    chat.userState = await signInOnce(
      chat.browser,
      baseUrl,
      DEMO_USER.phone,
      "shared",
    );
    chat.staffState = await signInOnce(
      chat.browser,
      baseUrl,
      SERVICE_STAFF.phone,
      "shared",
    );
  });
  afterAll(async () => {
    for (const context of contexts.splice(0))
      await context.close().catch(() => undefined);
    await chat.server.stop();
    await chat.browser.close();
  });
  return chat;
}

/** The open thread's message log. */
export function threadLog(page: Page): Locator {
  return page.locator(".thread .vlist");
}

/** Bubbles of the open thread containing `text`. */
export function bubbles(page: Page, text: string): Locator {
  return page.locator(".thread .msg", { hasText: text });
}

/** The conversation row (link) of a peer in the list. */
export function conversationRow(page: Page, imId: string): Locator {
  return page.locator(`.conv-link[data-conversation="${imId}"]`);
}

/** Waits until the page's messenger reports Connected (the banner region carries the status). */
export async function waitConnected(page: Page): Promise<void> {
  await page
    .locator('.chat-banner-region[data-connection="Connected"]')
    .waitFor({ state: "attached", timeout: 30_000 });
}

/** Calls the app API with the page's stored access token; returns the envelope's data. */
export async function apiAs<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const token = localStorage.getItem("fy_access_token");
      const response = await fetch(`/api/app/${path}`, {
        method: init.method ?? "GET",
        headers: {
          Authorization: `Bearer ${token ?? ""}`,
          ...(init.body === undefined
            ? {}
            : { "Content-Type": "application/json" }),
        },
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
      });
      const envelope = (await response.json()) as {
        code: number;
        data: unknown;
        msg: string;
      };
      if (envelope.code !== 0) throw new Error(`${path}: ${envelope.msg}`);
      return envelope.data;
    },
    { path, init },
  ) as Promise<T>;
}

/** Payloads (decoded JSON) of the messages in a person channel as the server stores them (messageSync, newest 1000). */
export async function serverPayloads(
  page: Page,
  selfUid: string,
  peerUid: string,
): Promise<Record<string, unknown>[]> {
  const data = await apiAs<{ messages: { payload: string }[] }>(
    page,
    "wuKong/v1/messageSync",
    {
      method: "POST",
      body: {
        login_uid: selfUid,
        channel_id: peerUid,
        channel_type: 1,
        start_message_seq: 0,
        limit: 1000,
        pull_mode: 0,
      },
    },
  );
  return data.messages.map(
    (m) =>
      JSON.parse(Buffer.from(m.payload, "base64").toString("utf8")) as Record<
        string,
        unknown
      >,
  );
}

/** Texts of the messages in a person channel as the server stores them (messageSync, newest 1000). */
export async function serverTexts(
  page: Page,
  selfUid: string,
  peerUid: string,
): Promise<string[]> {
  const payloads = await serverPayloads(page, selfUid, peerUid);
  return payloads.map((json) =>
    typeof json.content === "string" ? json.content : "",
  );
}

/** Whether the server reports `imId` online (user/v1/infoByIm, the presence API). */
export async function serverSaysOnline(
  page: Page,
  imId: string,
): Promise<boolean> {
  const profile = await apiAs<{ online: boolean }>(
    page,
    `user/v1/infoByIm?imId=${imId}`,
  );
  return profile.online;
}

/** SharedWorker targets of `context`'s browser context, from Chromium's own target list (CDP). */
export async function sharedWorkerTargets(
  browser: Browser,
  context: BrowserContext,
  page: Page,
): Promise<{ url: string }[]> {
  const pageSession = await context.newCDPSession(page);
  const { targetInfo } = (await pageSession.send("Target.getTargetInfo")) as {
    targetInfo: { browserContextId?: string };
  };
  await pageSession.detach();
  const browserSession = await browser.newBrowserCDPSession();
  const { targetInfos } = (await browserSession.send("Target.getTargets")) as {
    targetInfos: { type: string; url: string; browserContextId?: string }[];
  };
  await browserSession.detach();
  return targetInfos
    .filter(
      (t) =>
        t.type === "shared_worker" &&
        t.browserContextId === targetInfo.browserContextId,
    )
    .map(({ url }) => ({ url }));
}
