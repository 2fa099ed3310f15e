// Issue 18: WuKongIM v2.2.5 answers a CONNECT with a wrong or expired token by closing the socket,
// with no CONNACK. The worker (MessengerService + the real socket transport over `ws`, on a fake
// clock) against a loopback WebSocket server that behaves so: after a few hang-ups the tabs hear
// ConnectFail, the worker stops connecting for good, and a fresh token from the app server connects.
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import {
  FrameDecoder,
  Op,
  PROTOCOL_VERSION,
  encodeFrame,
  generateKeyPair,
} from "#protocol";
import type { StartArgs } from "../../../workers/api";
import { UNANSWERED_CONNECT_LIMIT } from "../../../workers/connection/silentRefusal";
import { FakeRestApi } from "../../support/workers/fakeRestApi";
import { until, useServiceTimers } from "../../support/workers/testMessenger";
import {
  createWorkerDevice,
  type WorkerDevice,
} from "../../support/workers/workerDevice";

/** A 16-character alphanumeric salt, as the Go server sends (§8.2). */
const SALT = "AbCdEfGh12345678";
const EXPIRED = "im-token-expired";
const FRESH = "im-token-fresh";

/** WuKongIM v2.2.5's token check as seen on the wire: a good token gets CONNACK 1, a bad one a hang-up. */
interface LoopbackIm {
  readonly url: string;
  /** The token of every CONNECT received, in order. */
  readonly connects: string[];
  readonly sockets: WebSocket[];
  close(): Promise<void>;
}

async function startLoopbackIm(validToken: string): Promise<LoopbackIm> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => wss.once("listening", resolve));
  const im: LoopbackIm = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/im`,
    connects: [],
    sockets: [],
    close: () =>
      new Promise((resolve) => {
        for (const ws of im.sockets) ws.terminate();
        wss.close(() => {
          resolve();
        });
      }),
  };
  wss.on("connection", (ws) => {
    im.sockets.push(ws);
    const decoder = new FrameDecoder();
    ws.on("message", (data: Buffer) => {
      for (const frame of decoder.push(new Uint8Array(data))) {
        if (frame.op !== Op.CONNECT) continue;
        im.connects.push(frame.token);
        if (frame.token !== validToken) {
          ws.terminate();
          return;
        }
        decoder.setVersion(frame.version);
        ws.send(
          encodeFrame(
            {
              op: Op.CONNACK,
              serverVersion: PROTOCOL_VERSION,
              timeDiff: 0n,
              reasonCode: 1,
              serverKey: generateKeyPair().publicKeyBase64,
              salt: SALT,
              nodeId: 1n,
            },
            PROTOCOL_VERSION,
          ),
        );
      }
    });
  });
  return im;
}

let im: LoopbackIm;
let device: WorkerDevice;
const rest = new FakeRestApi();

beforeEach(async () => {
  im = await startLoopbackIm(FRESH);
  useServiceTimers();
  device = await createWorkerDevice({
    name: `issue-18-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    tabs: 1,
    seed: 18,
    fetch: rest.fetch,
  });
});

afterEach(async () => {
  vi.useRealTimers();
  await device.close();
  await im.close();
});

/** Waits (real time) until no socket of the worker is opening or handshaking. */
async function linkSettled(): Promise<void> {
  await until(() => {
    expect([
      "idle",
      "backoff",
      "offline",
      "failed",
      "kicked",
      "open",
    ]).toContain(device.service.driver.state.phase.kind);
  }, 5_000);
}

/** Moves the fake clock `ms` forward in 1 s steps, letting each socket finish between steps. */
async function passTime(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 1_000) {
    vi.advanceTimersByTime(1_000);
    await linkSettled();
  }
}

describe(
  "issue 18: a token refused by closing the socket",
  { timeout: 60_000 },
  () => {
    it("is reported as ConnectFail after a few hang-ups, stops connecting, and a fresh token connects", async () => {
      const tab = device.tabs[0]!;
      const args: StartArgs = {
        imUid: "u-issue-18",
        imToken: EXPIRED,
        apiBase: rest.base,
        accessToken: "access-1",
        wsUrl: im.url,
      };
      const started = await tab.api.start(args);
      expect(started.ok).toBe(true);
      await linkSettled();

      await passTime(10 * 60_000);
      expect(im.connects).toEqual(
        Array<string>(UNANSWERED_CONNECT_LIMIT).fill(EXPIRED),
      );
      expect(device.service.status()).toEqual({
        connection: "ConnectFail",
        imUid: args.imUid,
        online: true,
      });
      const statuses = tab.events.flatMap((e) =>
        e.type === "status" ? [e.status.connection] : [],
      );
      expect(statuses.at(-1)).toBe("ConnectFail");
      expect(statuses.filter((s) => s === "ConnectFail")).toHaveLength(1);
      expect(tab.events.some((e) => e.type === "kicked")).toBe(false);

      // The app server hands out a new token (user/v1/info after a login or a token change).
      const restarted = await tab.api.start({ ...args, imToken: FRESH });
      expect(restarted.ok).toBe(true);
      await until(() => {
        expect(device.service.status().connection).toBe("Connected");
      }, 5_000);
      expect(im.connects.at(-1)).toBe(FRESH);
      expect(im.connects).toHaveLength(UNANSWERED_CONNECT_LIMIT + 1);
    });
  },
);
