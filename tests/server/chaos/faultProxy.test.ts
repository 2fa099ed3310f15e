// The chaos proxy against a scripted upstream on loopback: frames pass byte for byte, and each fault
// does exactly what it says — SENDACK/RECV dropped, doubled, reordered; messages sliced into single
// bytes; a reset cuts inside a frame; a stall holds traffic (and a close) until it ends.
import type { AddressInfo } from "node:net";
import { WebSocket, WebSocketServer } from "ws";
import { DeviceFlag, Op, encodeFrame } from "#protocol";
import { FaultProxy, cutPosition } from "../../chaos/FaultProxy";
import { FrameCutter } from "../../chaos/FrameCutter";
import { SHEET_FRAMES, hex } from "../../support/protocol/protocolFixtures";

const sendack = (seq: number) =>
  encodeFrame(
    {
      op: Op.SENDACK,
      messageID: BigInt(seq),
      clientSeq: seq,
      messageSeq: seq,
      reasonCode: 1,
    },
    4,
  );
const RECV = hex(SHEET_FRAMES.recvV4);
const CONNACK = hex(SHEET_FRAMES.connackV4);
/** A RECV told apart from the fixture by its last payload byte. */
const recv = (tag: number) => {
  const bytes = RECV.slice();
  bytes[bytes.length - 1] = tag;
  return bytes;
};
const connect = encodeFrame(
  {
    op: Op.CONNECT,
    version: 4,
    deviceFlag: DeviceFlag.WEB,
    deviceID: "device-1W",
    uid: "alice",
    token: "t",
    clientTimestamp: 0n,
    clientKey: "k",
  },
  4,
);

interface Upstream {
  url: string;
  /** Bytes each upstream connection received, per WebSocket message. */
  received: Uint8Array[][];
  sockets: WebSocket[];
  closed: number[];
  close(): Promise<void>;
}

async function startUpstream(): Promise<Upstream> {
  const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise((resolve) => wss.once("listening", resolve));
  const up: Upstream = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/im`,
    received: [],
    sockets: [],
    closed: [],
    close: () =>
      new Promise((resolve) => {
        for (const ws of up.sockets) ws.terminate();
        wss.close(() => {
          resolve();
        });
      }),
  };
  wss.on("connection", (ws) => {
    const index = up.sockets.length;
    up.sockets.push(ws);
    up.received.push([]);
    ws.on("message", (data: Buffer) =>
      up.received[index]!.push(new Uint8Array(data)),
    );
    ws.on("close", () => up.closed.push(index));
  });
  return up;
}

interface Client {
  ws: WebSocket;
  messages: Uint8Array[];
  closed: Promise<void>;
}

async function connectClient(url: string): Promise<Client> {
  const ws = new WebSocket(url);
  const messages: Uint8Array[] = [];
  ws.on("message", (data: Buffer) => messages.push(new Uint8Array(data)));
  const closed = new Promise<void>((resolve) => {
    ws.on("close", () => {
      resolve();
    });
    ws.on("error", () => undefined);
  });
  await new Promise((resolve) => ws.once("open", resolve));
  return { ws, messages, closed };
}

const joined = (parts: readonly Uint8Array[]) =>
  Uint8Array.from(parts.flatMap((p) => [...p]));

let upstream: Upstream;
let proxy: FaultProxy;
let client: Client;

beforeEach(async () => {
  upstream = await startUpstream();
  proxy = await FaultProxy.start(upstream.url);
  client = await connectClient(proxy.url);
  client.ws.send(connect);
  await vi.waitFor(() => {
    expect(upstream.sockets).toHaveLength(1);
  });
  upstream.sockets[0]!.send(CONNACK);
  await vi.waitFor(() => {
    expect(proxy.links[0]?.deviceId).toBe("device-1W");
  });
  client.messages.length = 0;
});

afterEach(async () => {
  client.ws.terminate();
  await proxy.close();
  await upstream.close();
});

const link = () => proxy.links[0]!;
const server = () => upstream.sockets[0]!;

describe("FaultProxy", () => {
  it("offers a link for faults only once the gateway accepted it", async () => {
    const other = await connectClient(proxy.url);
    other.ws.send(connect);
    await vi.waitFor(() => {
      expect(upstream.sockets).toHaveLength(2);
    });
    expect(proxy.links).toHaveLength(1);
    upstream.sockets[1]!.send(CONNACK);
    await vi.waitFor(() => {
      expect(proxy.linksOf("device-1W")).toHaveLength(2);
    });
    other.ws.terminate();
  });

  it("relays both ways byte for byte and knows the device from CONNECT", async () => {
    expect(link().uid).toBe("alice");
    expect(joined(upstream.received[0]!)).toEqual(connect);
    server().send(sendack(1));
    server().send(RECV);
    await vi.waitFor(() => {
      expect(client.messages).toHaveLength(2);
    });
    expect(client.messages).toEqual([sendack(1), RECV]);
  });

  it("drops and doubles SENDACKs and RECVs, and lets a RECV overtake the held one", async () => {
    link().arm({ kind: "dropSendack", count: 1 });
    link().arm({ kind: "dupRecv", count: 1 });
    server().send(sendack(1));
    server().send(sendack(2));
    server().send(recv(1));
    await vi.waitFor(() => {
      expect(client.messages).toEqual([sendack(2), recv(1), recv(1)]);
    });
    client.messages.length = 0;
    link().arm({ kind: "dropRecv", count: 1 });
    link().arm({ kind: "dupSendack", count: 1 });
    server().send(recv(2));
    server().send(sendack(3));
    await vi.waitFor(() => {
      expect(client.messages).toEqual([sendack(3), sendack(3)]);
    });
    client.messages.length = 0;
    link().arm({ kind: "reorderRecv", count: 1 });
    server().send(recv(3));
    server().send(recv(4));
    server().send(recv(5));
    await vi.waitFor(() => {
      expect(client.messages).toEqual([recv(4), recv(3), recv(5)]);
    });
    expect(Object.fromEntries(proxy.firedCounts)).toEqual({
      dropSendack: 1,
      dupRecv: 1,
      dropRecv: 1,
      dupSendack: 1,
      reorderRecv: 1,
    });
  });

  it("releases a held RECV on its own when no successor comes", async () => {
    link().arm({ kind: "reorderRecv", count: 1 });
    server().send(recv(7));
    await vi.waitFor(
      () => {
        expect(client.messages).toEqual([recv(7)]);
      },
      { timeout: 5_000 },
    );
  });

  it("slices messages into single bytes in the armed direction", async () => {
    link().arm({ kind: "sliceBytes", direction: "toClient", count: 1 });
    server().send(sendack(4));
    server().send(sendack(5));
    const size = sendack(4).length;
    await vi.waitFor(() => {
      expect(client.messages).toHaveLength(size + 1);
    });
    expect(client.messages.slice(0, size).every((m) => m.length === 1)).toBe(
      true,
    );
    expect(joined(client.messages)).toEqual(joined([sendack(4), sendack(5)]));
    link().arm({ kind: "sliceBytes", direction: "toServer", count: 1 });
    const payload = hex(SHEET_FRAMES.sendV4);
    client.ws.send(payload);
    await vi.waitFor(() => {
      expect(upstream.received[0]!.length).toBe(1 + payload.length);
    });
    expect(joined(upstream.received[0]!.slice(1))).toEqual(payload);
  });

  it("resets both connections after forwarding part of a frame", async () => {
    const batch = joined([hex(SHEET_FRAMES.sendV4), hex(SHEET_FRAMES.sendV4)]);
    link().arm({ kind: "resetMidFrame", direction: "toServer", cutAt: 0.75 });
    client.ws.send(batch);
    await client.closed;
    await vi.waitFor(() => {
      expect(upstream.closed).toEqual([0]);
    });
    const got = joined(upstream.received[0]!.slice(1));
    const cutter = new FrameCutter();
    expect(cutter.push(got)).toHaveLength(1);
    expect(cutter.pending).toBeGreaterThan(0);
    expect(got).toEqual(batch.subarray(0, got.length));
  });

  it("forwards nothing after the cut, whatever follows it", async () => {
    link().arm({ kind: "resetMidFrame", direction: "toClient", cutAt: 0.5 });
    server().send(joined([RECV, sendack(8)]));
    await client.closed;
    const got = joined(client.messages);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThan(RECV.length);
    expect(got).toEqual(RECV.subarray(0, got.length));
  });

  it("holds traffic and a close during a stall, then delivers them in order", async () => {
    link().arm({ kind: "stall", ms: 600 });
    server().send(sendack(6));
    client.ws.send(hex(SHEET_FRAMES.recvack));
    server().close(4002, "idle");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.messages).toEqual([]);
    expect(upstream.received[0]).toHaveLength(1);
    await client.closed;
    expect(client.messages).toEqual([sendack(6)]);
    expect(client.ws.readyState).toBe(WebSocket.CLOSED);
  });
});

describe("FaultProxy keep-alive", () => {
  it("pings the gateway for a flowing link and keeps the PONGs; the client's own PONG goes through", async () => {
    const up = await startUpstream();
    const keeping = await FaultProxy.start(up.url, { keepAliveMs: 40 });
    const c = await connectClient(keeping.url);
    try {
      c.ws.send(connect);
      await vi.waitFor(() => {
        expect(up.sockets).toHaveLength(1);
      });
      const gateway = up.sockets[0]!;
      let pings = 0;
      gateway.on("message", (data: Buffer) => {
        for (const byte of data)
          if (byte === 0x70) {
            pings += 1;
            gateway.send(Uint8Array.of(0x80));
          }
      });
      gateway.send(CONNACK);
      await vi.waitFor(() => {
        expect(pings).toBeGreaterThanOrEqual(3);
      });
      c.ws.send(Uint8Array.of(0x70));
      await vi.waitFor(() => {
        expect(c.messages.filter((m) => m[0] === 0x80)).toHaveLength(1);
      });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(c.messages.map((m) => m[0])).toEqual([0x21, 0x80]);
      // A stalled link is left alone, so the gateway's idle timeout can fire.
      keeping.links[0]!.arm({ kind: "stall", ms: 300 });
      const before = pings;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(pings).toBeLessThanOrEqual(before + 1);
    } finally {
      c.ws.terminate();
      await keeping.close();
      await up.close();
    }
  });
});

describe("cutPosition", () => {
  it("always cuts strictly inside a frame", () => {
    const a = hex(SHEET_FRAMES.sendack);
    const b = hex(SHEET_FRAMES.recvV4);
    const bytes = joined([a, b]);
    for (const cutAt of [0.01, 0.3, 0.49, 0.5, 0.7, 0.99]) {
      const at = cutPosition(bytes, cutAt);
      const inA = at > 0 && at < a.length;
      const inB = at > a.length && at < bytes.length;
      expect(inA || inB).toBe(true);
    }
  });
});
