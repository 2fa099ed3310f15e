// Builds the embedded IM stack for an app and mounts the WebSocket endpoint /im on its HTTP
// server: engine (group commit, delivery), gateway (connections), presence; upgrades wait for
// their turn of the handshake slicer, and those past the per-IP handshake cap get 429; a socket its
// client ended is destroyed in its turn of the same slicer. Returns the engine and a close() the
// app calls on shutdown.
import type { MediaStore } from "./imageUrlRule";
import { clientAddressOf, type TrustProxy } from "./clientAddress";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import { sql } from "drizzle-orm";
import { WebSocketServer } from "ws";
import type { Db } from "../db/createDb";
import type { AccountEvents } from "../domain/auth/accountEvents";
import type { ImAuthenticator } from "../domain/auth/imAuthenticator";
import type { Clock } from "../providers/lib/runtime";
import { ConnectionRegistry } from "./ConnectionRegistry";
import { Delivery } from "./Delivery";
import { EmbeddedImEngine, type GatewayHooks } from "./EmbeddedImEngine";
import { type GatewayOptions, resolveGatewayOptions } from "./gatewayOptions";
import { ImGateway } from "./ImGateway";
import { MessageIdGenerator } from "./MessageIdGenerator";
import { TimeSlicer } from "../lib/TimeSlicer";
import { nodeCryptoBackend } from "./nodeCryptoBackend";
import { toBigInt } from "./persistBatch";
import { PresenceRecorder } from "./PresenceRecorder";
import { endInTurn } from "./endInTurn";
import { upgradeInTurn } from "./upgradeInTurn";
import { UserDirectory } from "./UserDirectory";

/** The WebSocket path (the Vite dev proxy and PUBLIC_URL-derived IM URL use it). */
export const IM_PATH = "/im";

export interface ImStackOptions extends Partial<GatewayOptions> {
  hooks?: GatewayHooks;
}

export interface ImStack {
  engine: EmbeddedImEngine;
  gateway: ImGateway;
  registry: ConnectionRegistry;
  close(): Promise<void>;
}

export interface ImStackDeps {
  server: Server;
  db: Db;
  clock: Clock;
  logger: Logger;
  accountEvents: AccountEvents;
  verifyImToken: ImAuthenticator;
  /** Where image messages may link to (#19). */
  media: MediaStore;
  /** TRUST_PROXY, as the HTTP side uses it: whose X-Forwarded-For gives the client IP. */
  trustProxy: TrustProxy;
  options?: ImStackOptions;
}

export async function startImGateway(deps: ImStackDeps): Promise<ImStack> {
  const { db, clock, logger } = deps;
  const { hooks, ...partial } = deps.options ?? {};
  const options = resolveGatewayOptions(partial);
  const now = () => performance.now();
  const registry = new ConnectionRegistry();
  const directory = new UserDirectory(db);
  const ids = new MessageIdGenerator(clock, await largestMessageId(db));
  const delivery = new Delivery(registry, now);
  const engine = new EmbeddedImEngine({
    db,
    clock,
    logger,
    options,
    registry,
    delivery,
    directory,
    ids,
    media: deps.media,
    ...(hooks === undefined ? {} : { hooks }),
  });
  const presence = new PresenceRecorder(db, logger);
  const slicer = new TimeSlicer(options.handshakeSliceMs, (error) => {
    logger.error({ err: error }, "IM handshake step failed");
  });
  const gateway = new ImGateway({
    options,
    logger,
    clock,
    now,
    backend: nodeCryptoBackend,
    verifyImToken: deps.verifyImToken,
    accountEvents: deps.accountEvents,
    engine,
    registry,
    directory,
    presence,
    slicer,
  });

  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: options.maxMessageBytes,
  });
  const clientAddress = clientAddressOf(deps.trustProxy);
  const onUpgrade = (
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== IM_PATH) {
      // NOTE: leave other upgrade paths to other listeners, if any.
      if (deps.server.listenerCount("upgrade") === 1) socket.destroy();
      return;
    }
    upgradeInTurn(slicer, socket, () => {
      const ip = clientAddress(request);
      if (!gateway.admits(ip)) {
        // NOTE: refused before any WebSocket exists; ws calls back synchronously (no verifyClient,
        // no deflate), so admits() and attach() see the same count.
        socket.end(
          "HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\nContent-Length: 0\r\n\r\n",
        );
        return;
      }
      endInTurn(slicer, socket, () => {
        wss.handleUpgrade(request, socket, head, (ws) => {
          gateway.attach(ws, ip);
        });
      });
    });
  };
  deps.server.on("upgrade", onUpgrade);

  return {
    engine,
    gateway,
    registry,
    close: async () => {
      deps.server.off("upgrade", onUpgrade);
      await gateway.close();
      wss.close();
    },
  };
}

async function largestMessageId(db: Db): Promise<bigint> {
  const result = await db.execute(
    sql`select coalesce(max(id), 0)::text as id from im_messages`,
  );
  const [row] = (result as { rows: { id: string }[] }).rows;
  return row === undefined ? 0n : toBigInt(row.id);
}
