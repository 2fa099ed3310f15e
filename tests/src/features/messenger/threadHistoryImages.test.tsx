// An open conversation's history and images, rendered by the real app from IndexedDB rows: paging
// back with loadOlder to the beginning, a failed page with retry, the image viewer, a pending image
// with its upload progress and cancel, dropped images sized with createImageBitmap, and why a
// refused or damaged image was not sent.
import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from "@testing-library/react";
import type { UploadRefusal } from "../../../../src/db/entities/MessageRecord";
import { setUploadProgress } from "../../../../src/state/im";
import {
  mediaUrl,
  message,
  seedChat,
  text,
  unsent,
} from "../../../support/ui/messenger/chatFixtures";
import { messengerApi } from "../../../support/ui/messenger/fakeMessenger";
import {
  channel,
  openThread,
  peer,
  today,
  useThreadTest,
} from "../../../support/ui/messenger/threadSetup";

// NOTE: these render the whole app (router, shell, lazy routes); a busy machine needs the room.
vi.setConfig({ testTimeout: 15_000 });

vi.mock(
  "../../../../src/messenger/imClient",
  async () =>
    (await import("../../../support/ui/messenger/fakeMessenger")).imClientMock,
);

const t = useThreadTest();

it("pages back through history with loadOlder and marks the beginning", async () => {
  const rows = Array.from({ length: 120 }, (_, i) =>
    text(peer, `第 ${String(i + 1)} 条`, {
      messageSeq: i + 1,
      timestamp: today(8) + i * 1000,
    }),
  );
  await seedChat(t.db, peer, rows);
  messengerApi.loadOlder.mockImplementation((args: unknown) => {
    const { beforeSeq, limit } = args as { beforeSeq: number; limit: number };
    return Promise.resolve({
      ok: true,
      value: {
        available: Math.min(limit, beforeSeq - 1),
        reachedStart: beforeSeq - limit <= 1,
      },
    });
  });
  const { log } = await openThread(t.api);
  // The first window is the newest 50 seqs, shown from the bottom.
  await within(log).findByText("第 120 条");
  // The newest page is made available (below seq 121), and older pages while the top is in reach
  // (jsdom has no layout, so the list's scrollTop stays 0).
  await waitFor(() => {
    expect(messengerApi.loadOlder).toHaveBeenCalledWith({
      channel,
      beforeSeq: 121,
      limit: 50,
    });
  });
  await waitFor(() => {
    expect(messengerApi.loadOlder).toHaveBeenCalledWith({
      channel,
      beforeSeq: 71,
      limit: 50,
    });
  });
  await waitFor(() => {
    expect(messengerApi.loadOlder).toHaveBeenCalledWith({
      channel,
      beforeSeq: 21,
      limit: 20,
    });
  });
  await waitFor(() => {
    expect(
      within(log).getAllByRole("listitem")[0]?.getAttribute("aria-setsize"),
    ).toBe(String(120 + 2));
  });
});

it("shows a failed history page with a retry", async () => {
  const rows = Array.from({ length: 60 }, (_, i) =>
    text(peer, `记录 ${String(i + 1)}`, {
      messageSeq: i + 41,
      timestamp: today(8) + i * 1000,
    }),
  );
  await seedChat(t.db, peer, rows);
  messengerApi.loadOlder.mockResolvedValue({
    ok: false,
    error: { code: "NETWORK", message: "offline", retryable: true },
  } as never);
  await openThread(t.api);
  const alert = (await screen.findByText("更早的消息加载失败")).closest(
    "p",
  ) as HTMLElement;
  expect(alert.getAttribute("role")).toBe("alert");
  const calls = messengerApi.loadOlder.mock.calls.length;
  messengerApi.loadOlder.mockResolvedValue({
    ok: true,
    value: { available: 40, reachedStart: true },
  } as never);
  fireEvent.click(within(alert).getByRole("button", { name: "重试" }));
  await waitFor(() => {
    expect(messengerApi.loadOlder.mock.calls.length).toBe(calls + 1);
  });
  await waitFor(() => {
    expect(screen.queryByText("更早的消息加载失败")).toBeNull();
  });
});

it("opens an image in the viewer and gives focus back when it closes", async () => {
  await seedChat(t.db, peer, [
    message({
      channelId: peer,
      fromUid: peer,
      messageSeq: 1,
      timestamp: today(9),
      contentType: 2,
      content: { type: 2, url: mediaUrl("lotus"), width: 800, height: 600 },
    }),
  ]);
  const { log } = await openThread(t.api);
  const open = await within(log).findByRole("button", { name: "查看大图" });
  expect(open.querySelector("img")?.getAttribute("src")).toBe(
    mediaUrl("lotus"),
  );
  open.focus();
  fireEvent.click(open);
  const viewer = await screen.findByRole("dialog", { name: "图片" });
  expect(
    within(viewer).getByRole("img", { name: "聊天图片" }).getAttribute("src"),
  ).toBe(mediaUrl("lotus"));
  expect(document.activeElement).toBe(
    within(viewer).getByRole("button", { name: "关闭" }),
  );
  fireEvent.keyDown(viewer, { key: "Escape" });
  await waitFor(() => {
    expect(screen.queryByRole("dialog")).toBeNull();
  });
  expect(document.activeElement).toBe(open);
});

it("shows a pending image from the outbox with its upload progress, and cancels it", async () => {
  const created = vi.fn((_blob: Blob) => "blob:preview-1");
  const revoked = vi.fn();
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: revoked });
  const pending = unsent({
    channelId: peer,
    contentType: 2,
    content: { type: 2, width: 300, height: 200 },
    status: "wait",
    timestamp: today(9),
  });
  const file = new Blob([new Uint8Array([137, 80, 78, 71])], {
    type: "image/png",
  });
  await t.db.messages.put(pending);
  await t.db.outbox.add({
    clientMsgNo: pending.clientMsgNo,
    channelId: peer,
    channelType: 1,
    contentType: 2,
    content: pending.content,
    redDot: true,
    receipt: false,
    state: "pending",
    media: { blob: file, mime: "image/png", width: 300, height: 200 },
    createdAt: pending.timestamp,
  });
  act(() => {
    setUploadProgress(pending.clientMsgNo, {
      state: "processing",
      loaded: 40,
      total: 100,
    });
  });
  const { log } = await openThread(t.api);
  const progress = await within(log).findByRole("progressbar", {
    name: "图片上传进度",
  });
  expect(progress.getAttribute("aria-valuenow")).toBe("40");
  expect(within(log).getByText("上传中 40%")).toBeDefined();
  await waitFor(() => {
    expect(
      within(log)
        .getByRole("button", { name: "查看大图" })
        .querySelector("img")
        ?.getAttribute("src"),
    ).toBe("blob:preview-1");
  });
  expect(created).toHaveBeenCalledTimes(1);
  fireEvent.click(within(log).getByRole("button", { name: "取消上传" }));
  await waitFor(() => {
    expect(messengerApi.cancelUpload).toHaveBeenCalledWith({
      clientMsgNo: pending.clientMsgNo,
    });
  });
  act(() => {
    setUploadProgress(pending.clientMsgNo, {
      state: "success",
      loaded: 100,
      total: 100,
    });
  });
  await waitFor(() => {
    expect(within(log).queryByRole("progressbar")).toBeNull();
  });
  Reflect.deleteProperty(URL, "createObjectURL");
  Reflect.deleteProperty(URL, "revokeObjectURL");
});

it("sends dropped images with the size read by createImageBitmap, and says why a file is not sent", async () => {
  const close = vi.fn();
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn((file: Blob) =>
      file.size > 1
        ? Promise.resolve({ width: 640, height: 480, close })
        : Promise.reject(
            new DOMException(
              "The source image could not be decoded.",
              "InvalidStateError",
            ),
          ),
    ),
  );
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  await openThread(t.api);
  const thread = document.querySelector(".thread") as HTMLElement;
  const photo = new File([new Uint8Array([137, 80, 78, 71])], "lotus.png", {
    type: "image/png",
  });
  const text = new File(["hi"], "note.txt", { type: "text/plain" });
  fireEvent.drop(thread, {
    dataTransfer: { files: [photo, text], types: ["Files"] },
  });
  await waitFor(() => {
    expect(messengerApi.sendImage).toHaveBeenCalledWith({
      channel,
      file: photo,
      width: 640,
      height: 480,
    });
  });
  expect(messengerApi.sendImage).toHaveBeenCalledTimes(1);
  expect(close).toHaveBeenCalled();
  // The text file dropped with it is not an image.
  expect(
    await screen.findByText(
      "这不是可以发送的图片，请选择 JPG、PNG、WebP 或 GIF 图片",
    ),
  ).toBeDefined();

  const broken = new File([new Uint8Array([1])], "broken.png", {
    type: "image/png",
  });
  fireEvent.drop(thread, {
    dataTransfer: { files: [broken], types: ["Files"] },
  });
  expect(
    await screen.findByText("这张图片已损坏，无法打开，请换一张"),
  ).toBeDefined();
  expect(messengerApi.sendImage).toHaveBeenCalledTimes(1);
});

it("says why the server refused an image's upload, next to its retry", async () => {
  const failedImage = (refusal: UploadRefusal, timestamp: number) =>
    unsent({
      channelId: peer,
      contentType: 2,
      content: { type: 2, width: 300, height: 200 },
      status: "fail",
      failure: { code: "UPLOAD_FAILED", refusal },
      timestamp,
    });
  const refused = failedImage(
    { reason: "IMAGE_TOO_LARGE", params: { max: 10 * 1024 * 1024 } },
    today(9),
  );
  const unknown = failedImage({ reason: "FROM_A_NEWER_SERVER" }, today(9) + 1);
  await t.db.messages.bulkPut([refused, unknown]);
  const { log } = await openThread(t.api);
  expect(await within(log).findByText("图片过大（最大 10 MB）")).toBeDefined();
  // NOTE: a reason this client does not know reads as before.
  expect(within(log).getByText("图片未发出")).toBeDefined();
  expect(within(log).getAllByRole("button", { name: "重新发送" })).toHaveLength(
    2,
  );
});
