// The clients of a chaos run: two users, each with two browser profiles (one worker and connection
// each) holding 2 + 1 tabs — three tabs' worth per user. A tab types only from the open thread it
// shows (as the composer does), so the profile reads what is there; tabs wander off now and then.
// Also reads each profile's IndexedDB back as the plain data the checks judge.
import type { ChannelRef } from "../../src/db/channelKey";
import type { MessengerEvent } from "../../workers/api";
import {
  createWorkerDevice,
  type WorkerDevice,
} from "../support/workers/workerDevice";
import type { DeviceView, StoredMessage } from "./chaosChecks";
import { tokenRefresher, type ChaosUser } from "./chaosUsers";

/**
 * Profiles per user and their tabs. NOTE: in a browser one SharedWorker serves every tab of a
 * profile over ONE connection, so "three tabs" are 2 + 1 tabs on two profiles: the tab facades of
 * one worker, and a second device whose worker gets the sender's own messages as RECV copies.
 */
export const PROFILES = [
  { name: "A", tabs: 2 },
  { name: "B", tabs: 1 },
] as const;

export interface FleetDevice {
  readonly user: ChaosUser;
  readonly peer: ChaosUser;
  readonly worker: WorkerDevice;
  /** The tab showing the thread in the foreground, if any. */
  focused: number | null;
}

export interface FleetOptions {
  readonly baseUrl: string;
  readonly wsUrl: string;
  readonly users: readonly [ChaosUser, ChaosUser];
  readonly namePrefix: string;
  readonly seed: number;
  /** Background errors the worker reports (they are expected under faults; logged). */
  readonly onError?: (device: string, code: string, message: string) => void;
}

const textContent = (content: Record<string, unknown>): string =>
  typeof content.content === "string" ? content.content : "";

function assertOk(
  what: string,
  result:
    { ok: true } | { ok: false; error: { code: string; message: string } },
): void {
  if (!result.ok)
    throw new Error(`${what}: ${result.error.code} ${result.error.message}`);
}

export class ChaosFleet {
  readonly devices: FleetDevice[] = [];
  readonly #options: FleetOptions;

  private constructor(options: FleetOptions) {
    this.#options = options;
  }

  /** Creates every profile and starts its session (not yet waiting for Connected). */
  static async start(options: FleetOptions): Promise<ChaosFleet> {
    const fleet = new ChaosFleet(options);
    const [a, b] = options.users;
    let seed = options.seed;
    for (const [user, peer] of [
      [a, b],
      [b, a],
    ] as const) {
      const refresh = tokenRefresher({ baseUrl: options.baseUrl }, user);
      for (const profile of PROFILES) {
        const name = `${options.namePrefix}-${user.name}-${profile.name}`;
        let device: FleetDevice | null = null;
        const onEvent = (_tab: string, event: MessengerEvent) => {
          if (event.type === "authRequired" && device !== null)
            void fleet.#refreshed(device, refresh);
          else if (event.type === "error")
            options.onError?.(name, event.error.code, event.error.message);
        };
        const worker = await createWorkerDevice({
          name,
          tabs: profile.tabs,
          seed: (seed = (seed * 31 + 7) >>> 0),
          onEvent,
        });
        device = { user, peer, worker, focused: null };
        fleet.devices.push(device);
      }
    }
    for (const device of fleet.devices) {
      assertOk(
        `${device.worker.name} start`,
        await device.worker.tabs[0]!.api.start({
          imUid: device.user.imId,
          imToken: device.user.imToken,
          apiBase: `${options.baseUrl}/api/app`,
          accessToken: device.user.tokens.app_token,
          wsUrl: options.wsUrl,
        }),
      );
      for (const tab of device.worker.tabs)
        assertOk(
          `${tab.id} hint`,
          await tab.api.hint({ online: true, visible: false }),
        );
    }
    return fleet;
  }

  /** The tab refreshes the tokens and hands the worker the new access token (on every profile). */
  async #refreshed(
    device: FleetDevice,
    refresh: () => Promise<string>,
  ): Promise<void> {
    try {
      const token = await refresh();
      for (const d of this.devices)
        if (d.user === device.user)
          await d.worker.tabs[0]!.api.updateAuth({ accessToken: token });
    } catch (error) {
      this.#options.onError?.(
        device.worker.name,
        "REFRESH_FAILED",
        String(error),
      );
    }
  }

  devicesOf(user: ChaosUser): FleetDevice[] {
    return this.devices.filter((d) => d.user === user);
  }

  channelOf(device: FleetDevice): ChannelRef {
    return { channelId: device.peer.imId, channelType: 1 };
  }

  /** Tab `index` comes to the foreground showing the thread; the profile's other tabs go hidden. */
  async focus(device: FleetDevice, index: number): Promise<void> {
    if (device.focused === index) return;
    const channel = this.channelOf(device);
    if (device.focused !== null) {
      const previous = device.worker.tabs[device.focused]!;
      assertOk(
        `${previous.id} close`,
        await previous.api.closeConversation({ channel }),
      );
      assertOk(
        `${previous.id} hide`,
        await previous.api.hint({ online: true, visible: false }),
      );
    }
    const tab = device.worker.tabs[index]!;
    assertOk(
      `${tab.id} show`,
      await tab.api.hint({ online: true, visible: true }),
    );
    assertOk(`${tab.id} open`, await tab.api.openConversation({ channel }));
    device.focused = index;
  }

  /** The foreground tab leaves the thread and goes to the background. */
  async leave(device: FleetDevice): Promise<void> {
    if (device.focused === null) return;
    const tab = device.worker.tabs[device.focused]!;
    device.focused = null;
    assertOk(
      `${tab.id} close`,
      await tab.api.closeConversation({ channel: this.channelOf(device) }),
    );
    assertOk(
      `${tab.id} hide`,
      await tab.api.hint({ online: true, visible: false }),
    );
  }

  /** Types `text` in tab `index` of `device` (focusing it first); returns the clientMsgNo. */
  async type(
    device: FleetDevice,
    index: number,
    text: string,
  ): Promise<string> {
    await this.focus(device, index);
    const result = await device.worker.tabs[index]!.api.sendText({
      channel: this.channelOf(device),
      text,
    });
    if (!result.ok)
      throw new Error(
        `sendText on ${device.worker.name}: ${result.error.code} ${result.error.message}`,
      );
    return result.value.clientMsgNo;
  }

  connected(): boolean {
    return this.devices.every(
      (d) => d.worker.service.status().connection === "Connected",
    );
  }

  /** What the profile's IndexedDB holds about its conversation. */
  async view(device: FleetDevice): Promise<DeviceView> {
    const { db } = device.worker.service.requireUser();
    const { channelId, channelType } = this.channelOf(device);
    const [rows, outbox, conversation] = await Promise.all([
      db.messages
        .where("[channelId+channelType+status]")
        .between(
          [channelId, channelType, ""],
          [channelId, channelType, "\uffff"],
        )
        .toArray(),
      db.outbox.count(),
      db.conversations.get([channelId, channelType]),
    ]);
    const messages: StoredMessage[] = rows.map((r) => ({
      clientMsgNo: r.clientMsgNo,
      messageId: r.messageId ?? null,
      messageSeq: r.messageSeq ?? null,
      fromUid: r.fromUid,
      text: textContent(r.content),
      status: r.status,
    }));
    return {
      device: device.worker.name,
      uid: device.user.imId,
      peer: device.peer.imId,
      messages,
      outbox,
      ...(conversation === undefined
        ? {}
        : {
            conversation: {
              unread: conversation.unread,
              readToSeq: conversation.readToSeq,
              lastMessageSeq: conversation.lastMessageSeq,
            },
          }),
    };
  }

  /** Scrolls the thread to its start, as the UI's loadOlder does; returns the calls made. */
  async scrollToStart(device: FleetDevice): Promise<number> {
    let calls = 0;
    let previous = Number.POSITIVE_INFINITY;
    for (;;) {
      const view = await this.view(device);
      const seqs = view.messages
        .map((m) => m.messageSeq ?? 0)
        .filter((s) => s > 0);
      const lowest = seqs.length === 0 ? 0 : Math.min(...seqs);
      if (lowest <= 1 || lowest >= previous) return calls;
      previous = lowest;
      const result = await device.worker.tabs[0]!.api.loadOlder({
        channel: this.channelOf(device),
        beforeSeq: lowest,
        limit: 200,
      });
      calls += 1;
      if (!result.ok || result.value.reachedStart) return calls;
    }
  }

  async close(): Promise<void> {
    for (const device of this.devices) {
      try {
        await device.worker.close();
      } catch {
        // NOTE: a profile that failed half-way still lets the others close.
      }
    }
  }
}
