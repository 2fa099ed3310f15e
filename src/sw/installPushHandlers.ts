// The service worker's Web Push side: `push` shows, replaces or closes the conversation's
// notification (notificationPlan.ts decides), `notificationclick` focuses a window on the
// conversation or opens one, `pushsubscriptionchange` moves the stored subscription to the one the
// browser renewed (subscriptionRenewal.ts). Where the platform has no push these never fire.
import { apiBase } from "./apiBase";
import {
  type NotificationData,
  notificationDataOf,
  planClick,
  planPush,
  type WindowInfo,
} from "./notificationPlan";
import { PUSH_OPEN_TYPE, type PushOpenMessage } from "./pushOpenMessage";
import { parsePushPayload, pushJson } from "./pushPayload";
import { renewalRequest } from "./subscriptionRenewal";

function windowInfo(client: WindowClient): WindowInfo {
  return {
    url: client.url,
    focused: client.focused,
    visible: client.visibilityState === "visible",
  };
}

async function windows(sw: ServiceWorkerGlobalScope): Promise<WindowClient[]> {
  const found = await sw.clients.matchAll({
    type: "window",
    includeUncontrolled: true,
  });
  return found.filter((c): c is WindowClient => "focused" in c);
}

async function onPush(
  sw: ServiceWorkerGlobalScope,
  event: PushEvent,
): Promise<void> {
  const payload = parsePushPayload(pushJson(() => event.data?.text() ?? ""));
  if (payload === null) return;
  const [clients, shown] = await Promise.all([
    windows(sw),
    sw.registration.getNotifications({ tag: payload.tag }),
  ]);
  const plan = planPush(
    payload,
    clients.map(windowInfo),
    shown.map((n): unknown => n.data),
  );
  for (const index of plan.close) shown[index]?.close();
  if (plan.show !== null) {
    const options: NotificationOptions & { renotify: boolean } =
      plan.show.options;
    await sw.registration.showNotification(plan.show.title, options);
  }
}

async function onClick(
  sw: ServiceWorkerGlobalScope,
  data: NotificationData,
): Promise<void> {
  const clients = await windows(sw);
  const plan = planClick(data, clients.map(windowInfo));
  if (plan.kind === "open") {
    await sw.clients.openWindow(plan.path);
    return;
  }
  const client = clients[plan.index];
  if (client === undefined) return;
  const focused = await client.focus();
  if (plan.navigate) {
    const message: PushOpenMessage = { type: PUSH_OPEN_TYPE, path: data.path };
    focused.postMessage(message);
  }
}

async function onSubscriptionChange(
  sw: ServiceWorkerGlobalScope,
  event: PushSubscriptionChangeEvent,
): Promise<void> {
  const old = event.oldSubscription;
  // NOTE: without the old subscription nothing proves whose it was; /my shows notifications off.
  if (old === null) return;
  const next =
    event.newSubscription ??
    (await sw.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: old.options.applicationServerKey,
    }));
  const body = renewalRequest(old.toJSON(), next.toJSON());
  if (body === null) return;
  const response = await fetch(`${apiBase}/push/v1/resubscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    console.warn(
      `The renewed push subscription was refused (${String(response.status)})`,
    );
}

export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener("push", (event) => {
    event.waitUntil(onPush(sw, event));
  });
  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = notificationDataOf(event.notification.data);
    if (data !== null) event.waitUntil(onClick(sw, data));
  });
  sw.addEventListener("pushsubscriptionchange", (event) => {
    event.waitUntil(onSubscriptionChange(sw, event));
  });
}
