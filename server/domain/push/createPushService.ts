// Wires Web Push for an app: the VAPID identity (environment or database), the sender, the
// dispatcher the IM engine and the conversation routes report to, and the account-event listener
// that removes the subscriptions of revoked sessions (logout, sign out everywhere, bans).
import type { Logger } from "pino";
import type { AppConfig } from "../../config/appConfig";
import type { Db } from "../../db/createDb";
import type { AccountEvents } from "../auth/accountEvents";
import { PushDispatcher, type PushableMessage } from "./PushDispatcher";
import type { PushOptions } from "./pushEnv";
import { PushSender } from "./PushSender";
import { removeSessionSubscriptions } from "./subscriptions";
import { loadVapidIdentity } from "./vapidKeys";

/** Per push request: the push service must answer within this. */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000;

export interface PushService {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  readonly publicKey: string;
  /** Production refuses plain-http and internal endpoints. */
  readonly production: boolean;
  /** The IM engine's onStored listener. */
  messageStored(message: PushableMessage): void;
  /** A conversation was marked read by `uid` (closes its notification on every device). */
  conversationRead(
    uid: string,
    channelId: string,
    channelType: number,
    readToSeq: number,
  ): void;
  close(): Promise<void>;
}

export interface PushServiceDeps {
  config: Pick<AppConfig, "nodeEnv" | "publicUrl">;
  db: Db;
  logger: Logger;
  accountEvents: AccountEvents;
  options?: PushOptions;
}

export async function createPushService(
  deps: PushServiceDeps,
): Promise<PushService> {
  const { db, logger, config } = deps;
  const vapid = await loadVapidIdentity(
    db,
    deps.options ?? {},
    config.publicUrl,
  );
  const sender = new PushSender({ vapid, timeoutMs: PUSH_REQUEST_TIMEOUT_MS });
  const dispatcher = new PushDispatcher({ db, sender, logger });
  const pendingRemovals = new Set<Promise<unknown>>();
  const stopListening = deps.accountEvents.on(
    "sessionRevoked",
    ({ sessionIds }) => {
      const removal = removeSessionSubscriptions(db, sessionIds)
        .catch((error: unknown) => {
          logger.error(
            { err: error },
            "could not remove the push subscriptions of revoked sessions",
          );
        })
        .finally(() => pendingRemovals.delete(removal));
      pendingRemovals.add(removal);
    },
  );
  return {
    publicKey: vapid.publicKey,
    production: config.nodeEnv === "production",
    messageStored: (message) => {
      dispatcher.messageStored(message);
    },
    conversationRead: (uid, channelId, channelType, readToSeq) => {
      dispatcher.conversationRead(uid, channelId, channelType, readToSeq);
    },
    close: async () => {
      stopListening();
      await Promise.allSettled([...pendingRemovals]);
      await dispatcher.close();
    },
  };
}
