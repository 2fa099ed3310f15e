// What the messenger UI tests put in place of src/messenger/imClient (the only module they mock): a
// MessengerApi whose methods are vi.fn()s answering like the worker, and a fetch stub adding the IM
// user calls (infoByIm, getVirtual) to tests/support/ui/fakeApi.ts. Test support.
import type { ImProfile } from "../../../../src/features/chatEntry/imUserApi";
import { openImDb } from "../../../../src/db/db";
import type {
  ChannelRef,
  Result,
  MessengerEvent,
} from "../../../../workers/api";
import { ChannelInfoRunner } from "../../../../workers/sync/ChannelInfoRunner";
import { ImHttp } from "../../../../workers/rest/ImHttp";
import { SELF } from "./chatFixtures";
import { installFakeApi, type FakeApi } from "../fakeApi";
import { bareFailure, ok as okAnswer } from "../fakeAnswers";
import { layerFetch } from "../layerFetch";

const ok = <T>(value: T): Promise<Result<T>> =>
  Promise.resolve({ ok: true, value });

function makeApi() {
  return {
    sendText: vi.fn((_args: unknown) => ok({ clientMsgNo: "queued-1" })),
    sendImage: vi.fn((_args: unknown) => ok({ clientMsgNo: "queued-2" })),
    retry: vi.fn((_args: unknown) => ok(null)),
    retryUpload: vi.fn((_args: unknown) => ok(null)),
    cancelUpload: vi.fn((_args: unknown) => ok(null)),
    openConversation: vi.fn((_args: unknown) => ok(null)),
    closeConversation: vi.fn((_args: unknown) => ok(null)),
    markRead: vi.fn((_args: unknown) => ok(null)),
    deleteConversation: vi.fn((_args: unknown) => ok(null)),
    loadOlder: vi.fn((_args: unknown) =>
      ok({ available: 0, reachedStart: false }),
    ),
    refreshChannelInfo: vi.fn(refreshChannelInfoAsTheWorker),
  };
}

/**
 * refreshChannelInfo as the worker answers it: the worker's own ChannelInfoRunner fetching
 * user/v1/infoByIm through the (fake) fetch into the signed-in user's database.
 */
async function refreshChannelInfoAsTheWorker(args: {
  readonly channels: readonly ChannelRef[];
  readonly force?: boolean;
}): Promise<Result<null>> {
  const http = new ImHttp({
    fetch: (input, init) => globalThis.fetch(input, init),
    onUnauthorized: () => undefined,
  });
  http.setAuth({
    apiBase: `${window.location.origin}/api/app`,
    accessToken: "test-token",
  });
  const runner = new ChannelInfoRunner({
    db: openImDb(SELF),
    http,
    now: () => Date.now(),
  });
  try {
    await runner.refresh(args.channels, args.force === true);
    return { ok: true, value: null };
  } catch (error) {
    return {
      ok: false,
      error: {
        code: "SERVER_ERROR",
        message: error instanceof Error ? error.message : String(error),
        retryable: true,
      },
    };
  }
}

/** The fake worker API the mocked imApi() resolves to (fresh per test through resetMessengerApi). */
export const messengerApi = makeApi();

export function resetMessengerApi(): void {
  const fresh = makeApi();
  for (const name of Object.keys(fresh) as (keyof typeof fresh)[])
    messengerApi[name]
      .mockReset()
      .mockImplementation(fresh[name].getMockImplementation() as never);
}

const eventListeners = new Set<(event: MessengerEvent) => void>();

/** Hands `event` to the tab's listeners as the worker would. */
export function emitImEvent(event: MessengerEvent): void {
  for (const listener of [...eventListeners]) listener(event);
}

/** The module that replaces src/messenger/imClient. */
export const imClientMock = {
  imApi: () => Promise.resolve(messengerApi),
  onImEvent: (listener: (event: MessengerEvent) => void) => {
    eventListeners.add(listener);
    return () => {
      eventListeners.delete(listener);
    };
  },
  imWorkerMode: () => null,
};

export function profile(
  imId: string,
  overrides: Partial<ImProfile> = {},
): ImProfile {
  return {
    imId,
    nickname: imId,
    avatarUrl: "",
    online: false,
    lastOffline: 0,
    isService: 0,
    isMonk: 0,
    ...overrides,
  };
}

export interface ChatApi extends FakeApi {
  /** imIds asked for through user/v1/infoByIm, in order. */
  profileRequests: string[];
}

/** The fake server of tests/support/ui/fakeApi.ts plus channel info and the service account. */
export function installChatApi(
  profiles: readonly ImProfile[],
  service?: ImProfile,
): ChatApi {
  const base = installFakeApi();
  const profileRequests: string[] = [];
  const notFound = bareFailure(404, "not found");
  layerFetch(({ url, path }) => {
    if (path === "user/v1/infoByIm") {
      const imId = url.searchParams.get("imId") ?? "";
      profileRequests.push(imId);
      const found = profiles.find((p) => p.imId === imId);
      return found === undefined ? notFound : okAnswer(found);
    }
    if (path === "oapi/v1/getVirtual")
      return service === undefined
        ? notFound
        : okAnswer({ ...service, channel_id: service.imId, channel_type: 1 });
    return undefined;
  });
  return Object.assign(base, { profileRequests });
}
