// /prayer/agreement rendered by the real app against the fake contract API: the agreement's text
// and order; the pad's empty state (submit disabled, how to sign explained); drawing with pointer
// events, then signContract as multipart and contractSend, then back to the chat; the signed view
// with its date and no pad; the server's refusal shown; unknown or malformed ids are the 404 screen.
import { refuse } from "../../../support/ui/fakeAnswers";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { renderApp, resetApp, signIn } from "../../../support/ui/renderApp";
import {
  agreementFixture,
  installFakeAgreements,
  STAFF_IM_ID,
  type FakeAgreements,
} from "../../../support/ui/agreements/fakeAgreements";

vi.setConfig({ testTimeout: 15_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

/** 1×1 PNG: what the fake canvas "encodes" (jsdom has no canvas; the browser test draws for real). */
const PNG_BYTES = Uint8Array.from(
  atob(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  ),
  (c) => c.charCodeAt(0),
);

let api: FakeApi;
let contract: FakeAgreements;
let drawn: string[];

/** A canvas 2D context that records what is drawn, and toBlob giving PNG bytes. */
function fakeCanvas() {
  drawn = [];
  const record =
    (name: string) =>
    (..._args: unknown[]) => {
      drawn.push(name);
    };
  const ctx = {
    setTransform: record("setTransform"),
    clearRect: record("clearRect"),
    fillRect: record("fillRect"),
    beginPath: record("beginPath"),
    moveTo: record("moveTo"),
    lineTo: record("lineTo"),
    quadraticCurveTo: record("quadraticCurveTo"),
    arc: record("arc"),
    closePath: record("closePath"),
    fill: record("fill"),
    stroke: record("stroke"),
  };
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () => ctx as never,
  );
  vi.spyOn(HTMLCanvasElement.prototype, "toBlob").mockImplementation(
    (callback) => {
      callback(new Blob([PNG_BYTES], { type: "image/png" }));
    },
  );
  Object.assign(HTMLCanvasElement.prototype, {
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
    hasPointerCapture: () => true,
  });
}

beforeEach(() => {
  api = installFakeApi();
  contract = installFakeAgreements();
  contract.agreements.set(5, agreementFixture());
  fakeCanvas();
});
afterEach(() => {
  resetApp();
});

async function openAgreement(path = "/prayer/agreement?id=5") {
  signIn(api);
  const view = renderApp(path);
  await screen.findByRole(
    "heading",
    { level: 1, name: "祈福服务协议 · 光明灯" },
    { timeout: 5000 },
  );
  return view;
}

/** A mouse stroke on the pad: down, a few moves, up (the left button held until the up). */
function draw(pad: HTMLElement) {
  const pointer = { pointerId: 1, pointerType: "mouse", button: 0 };
  const held = { ...pointer, buttons: 1 };
  fireEvent.pointerDown(pad, { ...held, clientX: 20, clientY: 40 });
  for (const [x, y] of [
    [40, 60],
    [70, 50],
    [100, 80],
  ] as const)
    fireEvent.pointerMove(pad, { ...held, clientX: x, clientY: y });
  fireEvent.pointerUp(pad, {
    ...pointer,
    buttons: 0,
    clientX: 100,
    clientY: 80,
  });
}

it("shows the agreement and its order, with the pad empty and submit disabled", async () => {
  await openAgreement();
  expect(contract.callsTo("prayer/v1/agreement")[0]?.query.get("locale")).toBe(
    "cn",
  );
  screen.getByText("签署即表示您已阅读并同意以上内容。");
  screen.getByText("202611210000000001");
  screen.getByText("王小明");
  screen.getByText("¥176.00");
  const pad = screen.getByRole("img", { name: "签名区" });
  const help = document.getElementById(pad.getAttribute("aria-describedby")!);
  expect(help?.textContent).toContain("仅用键盘无法完成");
  expect(
    screen.getByRole<HTMLButtonElement>("button", { name: "签署并发送" })
      .disabled,
  ).toBe(true);
  expect(
    screen.getByRole<HTMLButtonElement>("button", { name: "清除" }).disabled,
  ).toBe(true);
  screen.getByText("尚未签名");
});

it("signs with a drawn signature, puts it into the chat and returns to the thread", async () => {
  const { router } = await openAgreement();
  const pad = screen.getByRole("img", { name: "签名区" });
  draw(pad);
  const submit = screen.getByRole<HTMLButtonElement>("button", {
    name: "签署并发送",
  });
  await waitFor(() => {
    expect(submit.disabled).toBe(false);
  });
  screen.getByText("已写下签名");

  // Clearing empties the pad again; drawing again enables submit.
  fireEvent.click(screen.getByRole("button", { name: "清除" }));
  expect(submit.disabled).toBe(true);
  draw(pad);
  await waitFor(() => {
    expect(submit.disabled).toBe(false);
  });

  contract.agreements.set(
    5,
    agreementFixture({
      status: "signed",
      signedAt: "2026-11-21T03:00:00.000Z",
      signatureUrl: "http://localhost:3000/media/sig.png",
    }),
  );
  fireEvent.click(submit);
  await waitFor(() => {
    expect(router.state.location.pathname).toBe("/destiny");
  });
  expect(router.state.location.search).toEqual({ chat: STAFF_IM_ID });
  expect(drawn).toContain("quadraticCurveTo");

  const [sign] = contract.callsTo("prayer/v1/signContract");
  expect(sign?.method).toBe("POST");
  expect(sign?.headers.get("content-type")).toBeNull();
  expect(sign?.headers.get("authorization")).toMatch(/^Bearer /);
  const form = sign?.body as FormData;
  expect(form).toBeInstanceOf(FormData);
  expect(form.get("agreementId")).toBe("5");
  expect(form.get("type")).toBe("image/png");
  expect(form.get("size")).toBe(String(PNG_BYTES.length));
  const file = form.get("file") as File;
  expect(file.name).toBe("signature.png");
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_BYTES);
  expect(contract.callsTo("wuKong/v1/contractSend")).toEqual([
    expect.objectContaining({ method: "POST", body: { agreementId: 5 } }),
  ]);
  await screen.findByText("协议已签署，已发送到聊天");
});

it("shows the server's refusal inline and keeps the signature", async () => {
  contract.failures.set(
    "prayer/v1/signContract",
    refuse("SIGNATURE_NOT_PNG", "the signature must be a PNG image"),
  );
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  await openAgreement();
  draw(screen.getByRole("img", { name: "签名区" }));
  const submit = screen.getByRole<HTMLButtonElement>("button", {
    name: "签署并发送",
  });
  await waitFor(() => {
    expect(submit.disabled).toBe(false);
  });
  fireEvent.click(submit);
  const alerts = await screen.findAllByText("签名图片无效，请重新签名");
  expect(alerts.length).toBeGreaterThan(0);
  await waitFor(() => {
    expect(submit.disabled).toBe(false);
  });
  expect(contract.callsTo("wuKong/v1/contractSend")).toEqual([]);
});

it("shows a signed agreement as signed, with its date and signature and no pad", async () => {
  contract.agreements.set(
    5,
    agreementFixture({
      status: "signed",
      signedAt: "2026-11-21T03:00:00.000Z",
      signatureUrl: "http://localhost:3000/media/sig.png",
    }),
  );
  await openAgreement();
  screen.getByRole("heading", { level: 2, name: "已签署" });
  const time = document.querySelector(
    "time[datetime='2026-11-21T03:00:00.000Z']",
  );
  expect(time?.textContent).toMatch(/2026/);
  expect(
    screen.getByRole("img", { name: "我的签名" }).getAttribute("src"),
  ).toBe("http://localhost:3000/media/sig.png");
  expect(screen.queryByRole("img", { name: "签名区" })).toBeNull();
  expect(screen.queryByRole("button", { name: "签署并发送" })).toBeNull();
  expect(
    screen.getByRole("link", { name: "返回聊天" }).getAttribute("href"),
  ).toBe(`/destiny?chat=${STAFF_IM_ID}`);
});

it("is the 404 screen for someone else's or a malformed agreement id", async () => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  signIn(api);
  renderApp("/prayer/agreement?id=9");
  await screen.findByText("404: 页面找不到", undefined, { timeout: 5000 });
  resetApp();
  api = installFakeApi();
  contract = installFakeAgreements();
  signIn(api);
  renderApp("/prayer/agreement?id=abc");
  await screen.findByText("404: 页面找不到", undefined, { timeout: 5000 });
  await act(() => Promise.resolve());
  expect(contract.callsTo("prayer/v1/agreement")).toEqual([]);
});
