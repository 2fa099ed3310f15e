// The open thread's header follows the peer's presence without a reload (issue #23): the thread
// asks the server again when it becomes visible and when a message from the peer arrives (the
// timing rules are presencePoller.test.ts's).
import { act, waitFor } from "@testing-library/react";
import { seedChat, text } from "../../../support/ui/messenger/chatFixtures";
import {
  installChatApi,
  profile,
} from "../../../support/ui/messenger/fakeMessenger";
import {
  openThread,
  peer,
  today,
  useThreadTest,
} from "../../../support/ui/messenger/threadSetup";

vi.setConfig({ testTimeout: 15_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

const t = useThreadTest();

/** The header's presence line. */
const presence = () => document.querySelector(".thread-sub")?.textContent;

/** The peer offline on the fake server; flip `online` on the returned profile. */
function peerOffline() {
  const monk = profile(peer, {
    nickname: "慧明法师",
    isMonk: 1,
    online: false,
  });
  return { monk, api: installChatApi([monk]) };
}

let visibility: DocumentVisibilityState = "visible";
beforeEach(() => {
  visibility = "visible";
  Object.defineProperty(document, "visibilityState", {
    configurable: true,
    get: () => visibility,
  });
});
afterEach(() => {
  Reflect.deleteProperty(document, "visibilityState");
});

function setVisibility(next: DocumentVisibilityState): void {
  visibility = next;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

it("shows the peer coming online when the thread becomes visible again", async () => {
  const { monk, api } = peerOffline();
  await openThread(api);
  await waitFor(() => {
    expect(presence()).toContain("离线");
  });
  const asked = api.profileRequests.length;
  setVisibility("hidden");
  monk.online = true;
  setVisibility("visible");
  await waitFor(
    () => {
      expect(presence()).toContain("在线");
    },
    { timeout: 5_000 },
  );
  expect(api.profileRequests.length).toBe(asked + 1);
});

it("asks again when a message from the peer arrives", async () => {
  const { monk, api } = peerOffline();
  await seedChat(t.db, peer, [
    text(peer, "早", { messageSeq: 1, timestamp: today(7) }),
  ]);
  await openThread(api);
  await waitFor(() => {
    expect(presence()).toContain("离线");
  });
  monk.online = true;
  await t.db.messages.put(
    text(peer, "我上线了", { messageSeq: 2, timestamp: today(8) }),
  );
  await waitFor(
    () => {
      expect(presence()).toContain("在线");
    },
    { timeout: 5_000 },
  );
});
