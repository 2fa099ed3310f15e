// The dedicated-worker fallback (no SharedWorker: Android WebView, WeChat's browser, or
// `?worker=dedicated`): every tab runs the entry as its own Worker; the workers elect one leader
// with a Web Lock, only the leader runs the IM service (and its socket), the others relay to it.
import { API_VERSION, type MessengerApi } from "../api";
import { createTabMessenger } from "../tabs/createTabMessenger";
import { electLeader } from "../relay/leaderElection";
import { createRelayClient } from "../relay/relayClient";
import { leaderLockName, type BroadcastLike } from "../relay/relayProtocol";
import { serveRelay } from "../relay/relayServer";
import type { MessengerService } from "./MessengerService";
import { createTabRegistry, type LockManagerLike } from "../tabs/tabRegistry";

export interface DedicatedEnvironment {
  /** This worker's id on the relay. */
  readonly routeId: string;
  /** `navigator.locks`; without it every worker leads alone (one socket per tab). */
  readonly locks: LockManagerLike | undefined;
  /** Opens a new handle on the relay BroadcastChannel. */
  readonly openChannel: () => BroadcastLike;
  /** Creates the IM service (only the leader does). */
  readonly createService: () => MessengerService;
  /** Exposes the tab's API on the worker's own scope (comlink). */
  readonly expose: (api: MessengerApi) => void;
}

/** Starts a dedicated worker; returns what tests need to observe and stop it. */
export function runDedicatedWorker(env: DedicatedEnvironment) {
  if (env.locks === undefined) {
    // NOTE: no Web Locks, no safe election: this tab's worker serves it alone (its own socket).
    const service = env.createService();
    const tab = createTabMessenger(service, env.routeId, {
      liveness: createTabRegistry(undefined),
    });
    env.expose(tab.api);
    return { client: null, service, stop: tab.dispose };
  }
  const { locks } = env;
  const client = createRelayClient({
    channel: env.openChannel(),
    routeId: env.routeId,
  });
  env.expose(client.api);
  let service: MessengerService | null = null;
  let stopServing: (() => void) | null = null;
  const lead = () => {
    service = env.createService();
    stopServing = serveRelay({
      channel: env.openChannel(),
      leaderId: env.routeId,
      service,
      liveness: createTabRegistry(locks),
    });
  };
  const election = electLeader(locks, leaderLockName(API_VERSION), lead);
  return {
    client,
    get service() {
      return service;
    },
    /** Stops everything as if the worker died (tests). */
    stop: () => {
      stopServing?.();
      election.resign();
      client.dispose();
    },
  };
}
