// The shared set-up of the thread UI tests: the peer (a monk), the signed-in user's emptied IM
// database, the fake server and worker, opening the thread through the real app. Test support.
import { act, screen } from "@testing-library/react";
import type { AppDb } from "../../../../src/db/AppDb";
import type { ConnectionStatus } from "../../../../workers/api";
import { resetIm, setImStatus } from "../../../../src/state/im";
import { renderApp, resetApp, signIn } from "../renderApp";
import { freshDb, SELF } from "./chatFixtures";
import {
  installChatApi,
  profile,
  resetMessengerApi,
  type ChatApi,
} from "./fakeMessenger";

export const peer = "monk_7";
export const channel = { channelId: peer, channelType: 1 };

/** Today at `hour`:`minute`, local time. */
export const today = (hour: number, minute = 0) => {
  const d = new Date();
  d.setHours(hour, minute, 0, 0);
  return d.getTime();
};
export const yesterday = (hour: number) => today(hour) - 86_400_000;

export interface ThreadTest {
  db: AppDb;
  api: ChatApi;
}

/** Fresh fakes and database before each test; returns the live handles. */
export function useThreadTest(): ThreadTest {
  const handles = {} as ThreadTest;
  beforeEach(async () => {
    resetMessengerApi();
    resetIm();
    handles.api = installChatApi([
      profile(peer, { nickname: "慧明法师", isMonk: 1, online: true }),
    ]);
    handles.db = await freshDb();
  });
  afterEach(() => {
    resetApp();
    resetIm();
  });
  return handles;
}

/** Signs in and opens `path` (the thread with the monk by default); resolves with its message log. */
export async function openThread(api: ChatApi, path = `/destiny?chat=${peer}`) {
  signIn(api);
  const view = renderApp(path);
  const log = await screen.findByRole(
    "list",
    { name: "与 慧明法师 的聊天记录" },
    { timeout: 5000 },
  );
  return { ...view, log };
}

/** Sets the worker's connection status as imMirror would. */
export function connect(
  connection: (typeof ConnectionStatus)[keyof typeof ConnectionStatus],
) {
  act(() => {
    setImStatus({ connection, imUid: SELF, online: true });
  });
}
