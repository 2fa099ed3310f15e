// Builds the IM stack for IM_ENGINE=wukongim: checks that WuKongIM answers (a clear start-up error
// otherwise), the engine over its HTTP API, the accounts that keep its tokens in step with our
// sessions (revocations at once, 30-day ends by a periodic sweep run once per period across app
// servers), and the stored-message event Web Push hears (fed by the msg.offline webhook).
import type { MediaStore } from "../imageUrlRule";
import type { Logger } from "pino";
import { DeviceLevel } from "#protocol";
import { ConfigError } from "../../config/appConfig";
import type { Db } from "../../db/createDb";
import type { AccountEvents } from "../../domain/auth/accountEvents";
import type { StoredMessageEvent } from "../../domain/messenger/ImEngine";
import { schedulePeriodic } from "../../lib/periodicJob";
import type { Clock } from "../../providers/lib/runtime";
import { DEFAULT_GATEWAY_OPTIONS } from "../gatewayOptions";
import { UserDirectory } from "../UserDirectory";
import type { ImEngineConfig } from "../imEngineConfig";
import { WukongImAccounts } from "./WukongImAccounts";
import { WukongImApi } from "./WukongImApi";
import { WukongImEngine } from "./WukongImEngine";

/** How often sessions past their 30-day end are looked for. */
const SESSION_END_SWEEP_MS = 60_000;

export interface WukongImStackDeps {
  config: Extract<ImEngineConfig, { kind: "wukongim" }>;
  db: Db;
  clock: Clock;
  logger: Logger;
  accountEvents: AccountEvents;
  /** AuthServices.imTokenKey. */
  imTokenKey: Buffer;
  /** Where image messages may link to (#19). */
  media: MediaStore;
  deviceLevel?: DeviceLevel;
}

export interface WukongImStack {
  engine: WukongImEngine;
  accounts: WukongImAccounts;
  api: WukongImApi;
  /** Hears about messages WuKongIM stored for an offline recipient (msg.offline). */
  onStored: (listener: (event: StoredMessageEvent) => void) => () => void;
  /** Tells the onStored listeners (the webhook route calls it). */
  announceStored: (event: StoredMessageEvent) => void;
  close: () => Promise<void>;
}

export async function startWukongIm(
  deps: WukongImStackDeps,
): Promise<WukongImStack> {
  const { config, db, clock, logger } = deps;
  const api = new WukongImApi({ baseUrl: config.apiUrl });
  try {
    await api.health();
  } catch (error) {
    throw new ConfigError(
      "WUKONGIM_API_URL",
      `WuKongIM does not answer at ${config.apiUrl}/health (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const engine = new WukongImEngine({
    db,
    api,
    directory: new UserDirectory(db),
    clock,
    logger,
    maxPayloadBytes: DEFAULT_GATEWAY_OPTIONS.maxPayloadBytes,
    media: deps.media,
  });
  const accounts = new WukongImAccounts({
    db,
    api,
    key: deps.imTokenKey,
    clock,
    logger,
    deviceLevel: deps.deviceLevel ?? DeviceLevel.SLAVE,
  });
  const stopListening = accounts.listen(deps.accountEvents);
  const stopSweep = schedulePeriodic({
    db,
    clock,
    logger,
    name: "wukongim-session-ends",
    intervalMs: SESSION_END_SWEEP_MS,
    run: ({ previousAt }) =>
      accounts.sweepExpired(previousAt ?? clock() - SESSION_END_SWEEP_MS),
  });
  const listeners = new Set<(event: StoredMessageEvent) => void>();
  return {
    engine,
    accounts,
    api,
    onStored: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    announceStored: (event) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          logger.error({ err: error }, "stored-message listener failed");
        }
      }
    },
    close: async () => {
      stopListening();
      await stopSweep();
    },
  };
}
