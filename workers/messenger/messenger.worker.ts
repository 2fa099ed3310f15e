// Entry of the IM worker. As a SharedWorker (the normal case) it owns the browser profile's only
// IM socket and builds one facade per connecting tab; started as a dedicated Worker (no
// SharedWorker, or `?worker=dedicated`) it joins the leader election of dedicatedWorker.ts.
import { expose, releaseProxy, type Remote } from "comlink";
import { API_VERSION, type MessengerEvent } from "../api";
import { browserDeps } from "./browserDeps";
import { createTabMessenger } from "../tabs/createTabMessenger";
import { runDedicatedWorker } from "./dedicatedWorker";
import { relayChannelName } from "../relay/relayProtocol";
import { MessengerService } from "./MessengerService";
import { createTabRegistry, type LockManagerLike } from "../tabs/tabRegistry";

declare const self: SharedWorkerGlobalScope | DedicatedWorkerGlobalScope;

const locks: LockManagerLike | undefined =
  "locks" in self.navigator ? self.navigator.locks : undefined;

function randomId(): string {
  return crypto.randomUUID();
}

/** Frees the MessagePort behind a comlink callback proxy. */
function release(callback: (event: MessengerEvent) => void): void {
  (callback as unknown as Remote<(event: MessengerEvent) => void>)[
    releaseProxy
  ]();
}

if ("onconnect" in self) {
  const scope = self;
  const service = new MessengerService(browserDeps());
  const liveness = createTabRegistry(locks);
  scope.onconnect = (event: MessageEvent) => {
    const port = event.ports[0];
    if (port === undefined) return;
    const tab = createTabMessenger(service, randomId(), { liveness, release });
    expose(tab.api, port);
  };
} else {
  const scope = self;
  runDedicatedWorker({
    routeId: randomId(),
    locks,
    openChannel: () => new BroadcastChannel(relayChannelName(API_VERSION)),
    createService: () => new MessengerService(browserDeps()),
    expose: (api) => {
      expose(api, scope);
    },
  });
}
