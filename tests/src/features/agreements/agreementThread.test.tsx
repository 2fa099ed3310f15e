// Agreements in an open chat, rendered by the real app: a user sees a card for each agreement the
// peer sent that waits for a signature, asked of the server only when a sign reminder of that chat
// is stored; staff get a "发送协议" action that lists the peer's signable orders and sends one.
import { bareFailure, refuse } from "../../../support/ui/fakeAnswers";
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import { makeUser } from "../../../support/ui/fakeAccounts";
import {
  openThread,
  peer,
  useThreadTest,
} from "../../../support/ui/messenger/threadSetup";
import {
  installFakeAgreements,
  signableFixture,
  type FakeAgreements,
} from "../../../support/ui/agreements/fakeAgreements";

// NOTE: these render the whole app (router, shell, lazy routes); a busy machine needs the room.
vi.setConfig({ testTimeout: 15_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

const t = useThreadTest();
let contract: FakeAgreements;

beforeEach(() => {
  contract = installFakeAgreements();
});

const reminder = (reminderId: number, done = false) => ({
  reminderId,
  reminderType: 101,
  channelId: peer,
  channelType: 1,
  messageSeq: 0,
  text: "请签署您的祈福协议",
  done,
  version: reminderId,
});

describe("the user's side", () => {
  it("shows a card linking to each agreement waiting for a signature", async () => {
    await t.db.reminders.put(reminder(1));
    contract.chatAgreements = [
      {
        id: 5,
        title: "祈福服务协议 · 光明灯",
        masterOrderNo: "202611210000000001",
        status: "sent",
        sentAt: "2026-11-21T02:00:00.000Z",
        signedAt: null,
      },
      {
        id: 4,
        title: "祈福服务协议 · 早课上香",
        masterOrderNo: "202611200000000001",
        status: "signed",
        sentAt: "2026-11-20T02:00:00.000Z",
        signedAt: "2026-11-20T03:00:00.000Z",
      },
    ];
    await openThread(t.api);
    const card = await screen.findByRole("link", {
      name: /祈福协议待签署 · 查看并签署/,
    });
    expect(card.getAttribute("href")).toBe("/prayer/agreement?id=5");
    expect(card.textContent).toContain("祈福服务协议 · 光明灯");
    expect(screen.queryByRole("link", { name: /早课上香/ })).toBeNull();
    const [call] = contract.callsTo("prayer/v1/chatAgreements");
    expect(call?.query.get("imId")).toBe(peer);
    expect(call?.query.get("locale")).toBe("cn");
    // Not staff: no way to send agreements.
    expect(screen.queryByRole("button", { name: "发送协议" })).toBeNull();
  });

  it("asks the server only once an open sign reminder is stored", async () => {
    await t.db.reminders.put(reminder(2, true));
    await openThread(t.api);
    await screen.findByRole("heading", { level: 1, name: "慧明法师" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(contract.callsTo("prayer/v1/chatAgreements")).toEqual([]);
    expect(screen.queryByRole("link", { name: /查看并签署/ })).toBeNull();

    // The worker stores a new reminder (the tab sees it through liveQuery): now it asks.
    contract.chatAgreements = [
      {
        id: 7,
        title: "祈福服务协议 · 光明灯",
        masterOrderNo: "202611210000000003",
        status: "sent",
        sentAt: "2026-11-21T02:00:00.000Z",
        signedAt: null,
      },
    ];
    await act(() => t.db.reminders.put(reminder(3)));
    const card = await screen.findByRole("link", { name: /查看并签署/ });
    expect(card.getAttribute("href")).toBe("/prayer/agreement?id=7");
    expect(contract.callsTo("prayer/v1/chatAgreements")).toHaveLength(1);
  });

  it("says when the agreements could not be loaded, and retries", async () => {
    await t.db.reminders.put(reminder(4));
    contract.failures.set("prayer/v1/chatAgreements", bareFailure(500, "boom"));
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await openThread(t.api);
    const alert = await screen.findByText("待签署的协议加载失败");
    contract.failures.clear();
    contract.chatAgreements = [
      {
        id: 6,
        title: "祈福服务协议 · 平安祈福",
        masterOrderNo: "202611210000000002",
        status: "sent",
        sentAt: "2026-11-21T02:00:00.000Z",
        signedAt: null,
      },
    ];
    fireEvent.click(
      within(alert.closest("p")!).getByRole("button", { name: "重试" }),
    );
    const card = await screen.findByRole("link", { name: /查看并签署/ });
    expect(card.getAttribute("href")).toBe("/prayer/agreement?id=6");
  });
});

describe("the staff side", () => {
  beforeEach(() => {
    t.api.accounts.user = makeUser({ isService: 1 });
  });

  it("lists the peer's signable orders and sends the chosen one's agreement", async () => {
    contract.signableOrders = [
      signableFixture(),
      signableFixture({
        masterId: 10,
        masterOrderNo: "202611210000000002",
        productTitle: "早课上香",
        status: "in_service",
        agreement: { id: 3, status: "signed" },
      }),
    ];
    await openThread(t.api);
    fireEvent.click(await screen.findByRole("button", { name: "发送协议" }));
    const dialog = await screen.findByRole("dialog", {
      name: "给 慧明法师 发送祈福协议",
    });
    const send = await within(dialog).findByRole("button", {
      name: "发送订单 202611210000000001 的协议",
    });
    within(dialog).getByText(/协议已签署/);
    expect(
      within(dialog).queryByRole("button", { name: /202611210000000002/ }),
    ).toBeNull();
    expect(
      contract.callsTo("prayer/v1/signableOrders")[0]?.query.get("imId"),
    ).toBe(peer);

    fireEvent.click(send);
    await screen.findByText("协议已发送，等待对方签署");
    expect(contract.callsTo("prayer/v1/sendAgreement")).toEqual([
      expect.objectContaining({
        method: "POST",
        body: { masterOrderNo: "202611210000000001" },
      }),
    ]);
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
  });

  it("shows the server's reason when sending is refused", async () => {
    contract.signableOrders = [signableFixture()];
    contract.failures.set(
      "prayer/v1/sendAgreement",
      refuse(
        "AGREEMENT_ALREADY_SIGNED",
        "the agreement of order 202611210000000001 is already signed",
      ),
    );
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await openThread(t.api);
    fireEvent.click(await screen.findByRole("button", { name: "发送协议" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(
      await within(dialog).findByRole("button", { name: /^发送订单/ }),
    );
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "该协议已签署",
    );
  });

  it("says so when the peer has nothing to sign", async () => {
    await openThread(t.api);
    fireEvent.click(await screen.findByRole("button", { name: "发送协议" }));
    await screen.findByText("对方暂无可签署的订单（订单需已支付）。");
  });
});
