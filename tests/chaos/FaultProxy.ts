// A loopback WebSocket relay between IM clients and the gateway that injects faults on demand
// (see ProxyLink): resets in the middle of a frame, byte-by-byte slicing, stalls past the idle
// timeout, and dropped, duplicated or reordered SENDACK/RECV frames. Payloads stay encrypted and
// untouched: frame boundaries come from the clear headers.
import type { AddressInfo } from "node:net";
import { WebSocketServer } from "ws";
import type { FaultKind } from "./faultPlan";
import { type LinkOwner, ProxyLink } from "./ProxyLink";

export { cutPosition, type ArmedFault, ProxyLink } from "./ProxyLink";

/** The relay: clients connect to `url`; each gets its own upstream connection to the gateway. */
export class FaultProxy implements LinkOwner {
  upstreamUrl: string;
  readonly keepAliveMs: number;
  readonly #server: WebSocketServer;
  readonly #links = new Set<ProxyLink>();
  readonly #fired = new Map<FaultKind, number>();
  readonly #armed = new Map<FaultKind, number>();
  #nextId = 1;
  readonly url: string;

  private constructor(
    server: WebSocketServer,
    upstreamUrl: string,
    keepAliveMs: number,
  ) {
    this.#server = server;
    this.upstreamUrl = upstreamUrl;
    this.keepAliveMs = keepAliveMs;
    const { port } = server.address() as AddressInfo;
    this.url = `ws://127.0.0.1:${port}/im`;
    server.on("connection", (ws, request) => {
      this.#links.add(new ProxyLink(this, this.#nextId++, ws, request));
    });
  }

  /**
   * `keepAliveMs` > 0: PING the gateway this often for every flowing link (see ProxyLink), so that
   * only stalled links reach a shortened idle timeout.
   */
  static async start(
    upstreamUrl: string,
    options: { keepAliveMs?: number } = {},
  ): Promise<FaultProxy> {
    const server = new WebSocketServer({
      host: "127.0.0.1",
      port: 0,
      perMessageDeflate: false,
      clientTracking: false,
    });
    await new Promise<void>((resolve, reject) => {
      server.once("listening", resolve);
      server.once("error", reject);
    });
    return new FaultProxy(server, upstreamUrl, options.keepAliveMs ?? 0);
  }

  /** Live, flowing links the gateway accepted, oldest first (the ones worth arming a fault on). */
  get links(): ProxyLink[] {
    return [...this.#links].filter((l) => l.ready && !l.stalled);
  }

  /** Accepted links of one device (by the device id its CONNECT carried). */
  linksOf(deviceId: string): ProxyLink[] {
    return this.links.filter((l) => l.deviceId === deviceId);
  }

  /** One line on the open links (for progress logs): device, state, faults still armed. */
  describe(): string {
    return [...this.#links]
      .map(
        (l) =>
          `#${l.id} ${l.deviceId?.slice(0, 6) ?? "?"}${l.ready ? "" : " not-ready"}${l.stalled ? " stalled" : ""}${l.pendingFaults > 0 ? ` armed ${l.pendingFaults}` : ""}`,
      )
      .join(", ");
  }

  /** Forgets every fault armed on any link and not fired yet. */
  disarmAll(): void {
    for (const link of this.#links) link.disarm();
  }

  /** Fired faults by kind. */
  get firedCounts(): ReadonlyMap<FaultKind, number> {
    return this.#fired;
  }

  /** Armed faults by kind (a drop/dup/reorder counts once however many frames it covers). */
  get armedCounts(): ReadonlyMap<FaultKind, number> {
    return this.#armed;
  }

  /** A link reports a fault armed on it. */
  armed(kind: FaultKind): void {
    this.#armed.set(kind, (this.#armed.get(kind) ?? 0) + 1);
  }

  /** A link reports a fault that took effect. */
  fired(kind: FaultKind): void {
    this.#fired.set(kind, (this.#fired.get(kind) ?? 0) + 1);
  }

  /** A link is gone. */
  forget(link: ProxyLink): void {
    this.#links.delete(link);
  }

  async close(): Promise<void> {
    for (const link of [...this.#links]) link.terminate();
    await new Promise<void>((resolve) => {
      this.#server.close(() => {
        resolve();
      });
    });
  }
}
