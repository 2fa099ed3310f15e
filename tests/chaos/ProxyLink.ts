// One client connection of the fault proxy and its upstream to the gateway: relays both ways, cuts
// the server's byte stream into frames (FrameCutter) and applies the faults armed on it — reset
// mid-frame, byte slicing, stalls, dropped/doubled/reordered SENDACKs and RECVs. Never invents bytes
// except the keep-alive PINGs whose PONGs it keeps.
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { WebSocket, type RawData } from "ws";
import { Op, decodeFrame, encodeFrame } from "#protocol";
import type { Direction, FaultKind } from "./faultPlan";
import { FrameCutter, type RawFrame } from "./FrameCutter";

/** What a link needs from its proxy. */
export interface LinkOwner {
  readonly upstreamUrl: string;
  readonly keepAliveMs: number;
  /** A fault was armed on a link. */
  armed(kind: FaultKind): void;
  /** A fault took effect. */
  fired(kind: FaultKind): void;
  /** The link is gone. */
  forget(link: ProxyLink): void;
}

/** A fault armed on one connection; it fires on the next matching traffic. */
export type ArmedFault =
  | {
      readonly kind: "resetMidFrame";
      readonly direction: Direction;
      readonly cutAt: number;
    }
  | {
      readonly kind: "sliceBytes";
      readonly direction: Direction;
      readonly count: number;
    }
  | { readonly kind: "stall"; readonly ms: number }
  | {
      readonly kind:
        "dropSendack" | "dupSendack" | "dropRecv" | "dupRecv" | "reorderRecv";
      readonly count: number;
    };

/** How long a held-back RECV waits for a successor before it goes out anyway. */
const REORDER_MAX_HOLD_MS = 2_000;

type Counters = Record<
  "dropSendack" | "dupSendack" | "dropRecv" | "dupRecv" | "reorderRecv",
  number
>;

function bytesOf(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data;
}

/** Where a reset cuts `bytes`: strictly inside one of its frames (the frame picked by `cutAt`). */
export function cutPosition(bytes: Uint8Array, cutAt: number): number {
  const frames = new FrameCutter().push(bytes);
  const sized = frames.filter((f) => f.bytes.length > 1);
  if (sized.length === 0) return Math.max(0, bytes.length - 1);
  const index = Math.min(sized.length - 1, Math.floor(cutAt * sized.length));
  let start = 0;
  for (const frame of frames) {
    if (frame === sized[index]) break;
    start += frame.bytes.length;
  }
  const frame = sized[index]!;
  const inside = Math.min(
    frame.bytes.length - 1,
    Math.max(1, Math.floor(frame.bytes.length * cutAt)),
  );
  return start + inside;
}

/** One client connection and its upstream. */
export class ProxyLink {
  readonly id: number;
  /** From the CONNECT frame: who this is (the device id is stable per browser profile). */
  uid: string | null = null;
  deviceId: string | null = null;
  readonly #proxy: LinkOwner;
  readonly #client: WebSocket;
  readonly #clientSocket: Socket;
  #upstream: WebSocket | null = null;
  #upstreamSocket: Socket | null = null;
  #upstreamOpen = false;
  readonly #beforeOpen: Uint8Array[] = [];
  readonly #toServer = new FrameCutter();
  readonly #toClient = new FrameCutter();
  #closed = false;
  /** A reset cut a frame: no more bytes in either direction until the sockets are gone. */
  #cut = false;
  #connacked = false;
  #stalledUntil = 0;
  readonly #stalled: { direction: Direction | "close"; bytes: Uint8Array }[] =
    [];
  #stallCloseCode: number | null = null;
  #reset: { direction: Direction; cutAt: number } | null = null;
  readonly #slice: Record<Direction, number> = { toServer: 0, toClient: 0 };
  readonly #counters: Counters = {
    dropSendack: 0,
    dupSendack: 0,
    dropRecv: 0,
    dupRecv: 0,
    reorderRecv: 0,
  };
  #heldRecv: Uint8Array | null = null;
  #heldTimer: NodeJS.Timeout | null = null;
  #keepAlive: NodeJS.Timeout | null = null;
  /** PINGs the proxy added whose PONG has not come back yet (swallowed, never shown to the client). */
  #ownPings = 0;

  constructor(
    proxy: LinkOwner,
    id: number,
    client: WebSocket,
    request: IncomingMessage,
  ) {
    this.#proxy = proxy;
    this.id = id;
    this.#client = client;
    this.#clientSocket = request.socket;
    client.on("message", (data) => {
      this.#fromClient(bytesOf(data));
    });
    client.on("close", () => {
      this.#shutdown(null);
    });
    client.on("error", () => {
      this.#shutdown(null);
    });
    this.#connectUpstream();
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** The gateway accepted this connection (a CONNACK went through) and it is still up. */
  get ready(): boolean {
    return this.#connacked && !this.#closed && !this.#cut;
  }

  /** Traffic is held: a stall runs, or what it held has not been released yet. */
  get stalled(): boolean {
    return Date.now() < this.#stalledUntil || this.#stalled.length > 0;
  }

  /** Arms a fault; counters of the same kind add up. */
  arm(fault: ArmedFault): void {
    this.#proxy.armed(fault.kind);
    switch (fault.kind) {
      case "resetMidFrame":
        this.#reset = { direction: fault.direction, cutAt: fault.cutAt };
        return;
      case "sliceBytes":
        this.#slice[fault.direction] += fault.count;
        this.#proxy.fired("sliceBytes");
        return;
      case "stall":
        this.#stall(fault.ms);
        return;
      case "dropSendack":
      case "dupSendack":
      case "dropRecv":
      case "dupRecv":
      case "reorderRecv":
        this.#counters[fault.kind] += fault.count;
        return;
    }
  }

  /** Forgets every armed fault that has not fired (a running stall runs out). */
  disarm(): void {
    this.#reset = null;
    this.#slice.toServer = 0;
    this.#slice.toClient = 0;
    for (const key of Object.keys(this.#counters) as (keyof Counters)[])
      this.#counters[key] = 0;
  }

  /** Cuts both sides at once (the proxy is closing). */
  terminate(): void {
    this.#stalledUntil = 0;
    this.#resetBoth();
  }

  /** Faults armed on this link that have not fired yet. */
  get pendingFaults(): number {
    return (
      (this.#reset === null ? 0 : 1) +
      Object.values(this.#counters).reduce((a, b) => a + b, 0)
    );
  }

  #connectUpstream(): void {
    const upstream = new WebSocket(this.#proxy.upstreamUrl, {
      perMessageDeflate: false,
    });
    this.#upstream = upstream;
    upstream.on("upgrade", (response) => {
      this.#upstreamSocket = response.socket;
    });
    upstream.on("open", () => {
      this.#upstreamOpen = true;
      for (const bytes of this.#beforeOpen.splice(0)) upstream.send(bytes);
    });
    upstream.on("message", (data) => {
      this.#fromServer(bytesOf(data));
    });
    upstream.on("close", (code) => {
      this.#shutdown(code);
    });
    upstream.on("error", () => {
      this.#shutdown(null);
    });
  }

  #stall(ms: number): void {
    this.#stalledUntil = Math.max(this.#stalledUntil, Date.now() + ms);
    this.#proxy.fired("stall");
    setTimeout(() => {
      this.#releaseStall();
    }, ms).unref();
  }

  #releaseStall(): void {
    const left = this.#stalledUntil - Date.now();
    if (left > 0) {
      // NOTE: a timer may fire a little early, and a later stall may have extended this one.
      setTimeout(() => {
        this.#releaseStall();
      }, left).unref();
      return;
    }
    for (const item of this.#stalled.splice(0)) {
      if (item.direction === "close") {
        this.#shutdown(this.#stallCloseCode);
        return;
      }
      if (item.direction === "toServer") this.#fromClient(item.bytes);
      else this.#fromServer(item.bytes);
    }
  }

  #fromClient(bytes: Uint8Array): void {
    if (this.#closed) return;
    if (this.stalled) {
      this.#stalled.push({ direction: "toServer", bytes });
      return;
    }
    let frames: RawFrame[];
    try {
      frames = this.#toServer.push(bytes);
    } catch {
      this.#resetBoth();
      return;
    }
    if (this.deviceId === null) this.#identify(frames);
    if (this.#reset?.direction === "toServer") {
      this.#cutAndReset(bytes, this.#reset.cutAt, "toServer");
      return;
    }
    this.#write("toServer", bytes);
  }

  #fromServer(bytes: Uint8Array): void {
    if (this.#closed) return;
    if (this.stalled) {
      this.#stalled.push({ direction: "toClient", bytes });
      return;
    }
    let frames: RawFrame[];
    try {
      frames = this.#toClient.push(bytes);
    } catch {
      this.#resetBoth();
      return;
    }
    for (const frame of frames) {
      // NOTE: a frame before may have cut or closed the link.
      if (this.#finished()) return;
      if (this.#reset?.direction === "toClient") {
        this.#cutAndReset(frame.bytes, this.#reset.cutAt, "toClient");
        return;
      }
      this.#frameToClient(frame);
    }
  }

  #frameToClient(frame: RawFrame): void {
    const c = this.#counters;
    if (frame.op === Op.CONNACK) this.#startKeepAlive();
    if (frame.op === Op.PONG && this.#ownPings > 0) {
      this.#ownPings -= 1;
      return;
    }
    if (frame.op === Op.SENDACK) {
      if (c.dropSendack > 0) {
        c.dropSendack -= 1;
        this.#proxy.fired("dropSendack");
        return;
      }
      if (c.dupSendack > 0) {
        c.dupSendack -= 1;
        this.#proxy.fired("dupSendack");
        this.#write("toClient", frame.bytes);
      }
    } else if (frame.op === Op.RECV) {
      if (c.dropRecv > 0) {
        c.dropRecv -= 1;
        this.#proxy.fired("dropRecv");
        return;
      }
      if (c.dupRecv > 0) {
        c.dupRecv -= 1;
        this.#proxy.fired("dupRecv");
        this.#write("toClient", frame.bytes);
      }
      if (this.#heldRecv !== null) {
        // NOTE: the successor overtakes the held RECV.
        const held = this.#heldRecv;
        this.#releaseHeld(false);
        this.#write("toClient", frame.bytes);
        this.#write("toClient", held);
        this.#proxy.fired("reorderRecv");
        return;
      }
      if (c.reorderRecv > 0) {
        c.reorderRecv -= 1;
        this.#heldRecv = frame.bytes;
        this.#heldTimer = setTimeout(() => {
          this.#releaseHeld(true);
        }, REORDER_MAX_HOLD_MS);
        this.#heldTimer.unref();
        return;
      }
    }
    this.#write("toClient", frame.bytes);
  }

  /**
   * The client's heartbeat, time-scaled: the worker pings every 60 s against the gateway's 180 s idle
   * timeout; a chaos run shrinks that timeout to seconds, so the proxy pings for a flowing link in
   * between (never during a stall) and keeps the answers to itself.
   */
  #startKeepAlive(): void {
    this.#connacked = true;
    const every = this.#proxy.keepAliveMs;
    if (every <= 0 || this.#keepAlive !== null) return;
    this.#keepAlive = setInterval(() => {
      if (this.#closed || this.#cut || this.stalled) return;
      if (this.#upstream?.readyState !== WebSocket.OPEN) return;
      // NOTE: only between the client's frames, never inside one.
      if (this.#toServer.pending > 0) return;
      this.#ownPings += 1;
      this.#upstream.send(encodeFrame({ op: Op.PING }, 4));
    }, every);
    this.#keepAlive.unref();
  }

  /** Ends a hold: `send` writes the held RECV (no successor came in time). */
  #releaseHeld(send: boolean): void {
    if (this.#heldTimer !== null) clearTimeout(this.#heldTimer);
    this.#heldTimer = null;
    const held = this.#heldRecv;
    this.#heldRecv = null;
    if (send && held !== null && !this.#closed) this.#write("toClient", held);
  }

  /** Closed, or cut by a reset: nothing more goes through. */
  #finished(): boolean {
    return this.#closed || this.#cut;
  }

  #write(direction: Direction, bytes: Uint8Array): void {
    if (this.#closed || this.#cut) return;
    const slices =
      this.#slice[direction] > 0
        ? Array.from(bytes, (_, i) => bytes.subarray(i, i + 1))
        : [bytes];
    if (this.#slice[direction] > 0) this.#slice[direction] -= 1;
    for (const part of slices) {
      if (direction === "toClient") {
        if (this.#client.readyState === WebSocket.OPEN) this.#client.send(part);
      } else if (this.#upstreamOpen && this.#upstream !== null) {
        if (this.#upstream.readyState === WebSocket.OPEN)
          this.#upstream.send(part);
      } else {
        this.#beforeOpen.push(part);
      }
    }
  }

  #cutAndReset(bytes: Uint8Array, cutAt: number, direction: Direction): void {
    this.#reset = null;
    const at = cutPosition(bytes, cutAt);
    if (at > 0) this.#write(direction, bytes.subarray(0, at));
    // NOTE: nothing may follow the cut (TCP never splices later bytes onto a broken frame).
    this.#cut = true;
    this.#proxy.fired("resetMidFrame");
    // NOTE: let the partial bytes reach the kernel before the RST.
    setImmediate(() => {
      this.#resetBoth();
    });
  }

  #identify(frames: readonly RawFrame[]): void {
    const connect = frames.find((f) => f.op === Op.CONNECT);
    if (connect === undefined) return;
    try {
      const frame = decodeFrame(connect.bytes, 4);
      if (frame.op === Op.CONNECT) {
        this.uid = frame.uid;
        this.deviceId = frame.deviceID;
      }
    } catch {
      // NOTE: a CONNECT the codec refuses is the gateway's business; the link stays anonymous.
    }
  }

  #resetBoth(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#keepAlive !== null) clearInterval(this.#keepAlive);
    this.#releaseHeld(false);
    this.#clientSocket.resetAndDestroy();
    if (this.#upstreamSocket !== null) this.#upstreamSocket.resetAndDestroy();
    else this.#upstream?.terminate();
    this.#proxy.forget(this);
  }

  /** One side closed (`code` from the server, null otherwise): close the other side too. */
  #shutdown(code: number | null): void {
    if (this.#closed) return;
    if (this.stalled) {
      // NOTE: a close is traffic too: it reaches the client when the stall ends.
      if (!this.#stalled.some((s) => s.direction === "close")) {
        this.#stallCloseCode = code;
        this.#stalled.push({ direction: "close", bytes: new Uint8Array(0) });
      }
      return;
    }
    this.#closed = true;
    if (this.#keepAlive !== null) clearInterval(this.#keepAlive);
    this.#releaseHeld(false);
    const usable =
      code !== null &&
      code !== 1005 &&
      code !== 1006 &&
      (code === 1000 || code === 1001 || (code >= 3000 && code <= 4999));
    for (const ws of [this.#client, this.#upstream]) {
      if (ws === null || ws.readyState === WebSocket.CLOSED) continue;
      if (usable && ws === this.#client) ws.close(code);
      else ws.terminate();
    }
    this.#proxy.forget(this);
  }
}
