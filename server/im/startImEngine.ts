// The IM engine IM_ENGINE chose, behind one shape for the app: our embedded gateway (WebSocket /im
// on this server, per-session IM tokens) or WuKongIM (its own WebSocket, per-user tokens kept in
// step with our sessions). buildApp wires the rest of the server to this.
import type { Server } from "node:http";
import type { Logger } from "pino";
import type { AppConfig } from "../config/appConfig";
import type { Db } from "../db/createDb";
import type { AccountEvents } from "../domain/auth/accountEvents";
import type { AuthServices } from "../domain/auth/createAuthServices";
import type { AuthContext } from "../domain/auth/sessions";
import type {
  ImEngine,
  StoredMessageEvent,
} from "../domain/messenger/ImEngine";
import type { Clock } from "../providers/lib/runtime";
import { resolvePublicUrl } from "../domain/system/runtimeConfig";
import { mediaStoreOf } from "./imageUrlRule";
import { type ImStackOptions, startImGateway } from "./startImGateway";
import { startWukongIm, type WukongImStack } from "./wukongim/startWukongIm";

export interface ImRuntime {
  engine: ImEngine;
  /** The IM token a signed-in session connects with. */
  imTokenFor: (auth: AuthContext) => Promise<string>;
  /** Hears about every stored message for an offline recipient (Web Push). */
  onStored: (listener: (event: StoredMessageEvent) => void) => () => void;
  /** The WuKongIM stack (its webhook route needs it), or null on the embedded engine. */
  wukongim: WukongImStack | null;
  close: () => Promise<void>;
}

export interface ImRuntimeDeps {
  config: AppConfig;
  server: Server;
  db: Db;
  clock: Clock;
  logger: Logger;
  accountEvents: AccountEvents;
  auth: AuthServices;
  options?: ImStackOptions;
}

export async function startImEngine(deps: ImRuntimeDeps): Promise<ImRuntime> {
  const { config, db, clock, logger, accountEvents, auth } = deps;
  const media = mediaStoreOf(db, () => [
    resolvePublicUrl(config, deps.server.address()),
  ]);
  if (config.imEngine.kind === "wukongim") {
    const stack = await startWukongIm({
      config: config.imEngine,
      db,
      clock,
      logger,
      accountEvents,
      imTokenKey: auth.imTokenKey,
      media,
      ...(deps.options?.deviceLevel === undefined
        ? {}
        : { deviceLevel: deps.options.deviceLevel }),
    });
    return {
      engine: stack.engine,
      imTokenFor: (me) => stack.accounts.tokenFor(me.userId),
      onStored: stack.onStored,
      wukongim: stack,
      close: stack.close,
    };
  }
  // NOTE: the gateway answers WebSocket upgrades on /im (a prefix the SPA never takes); on close it
  // lets submitted sends commit and closes its sockets before the server stops.
  const gateway = await startImGateway({
    server: deps.server,
    db,
    clock,
    logger,
    accountEvents,
    verifyImToken: auth.verifyImToken,
    media,
    trustProxy: config.trustProxy,
    ...(deps.options === undefined ? {} : { options: deps.options }),
  });
  return {
    engine: gateway.engine,
    imTokenFor: (me) => auth.sessions.imTokenOf(me.sessionId),
    onStored: (listener) => gateway.engine.onStored(listener),
    wukongim: null,
    close: () => gateway.close(),
  };
}
