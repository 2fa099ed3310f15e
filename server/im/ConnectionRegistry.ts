// Every live socket, the open ones by uid and by user id, and data-channel subscribers; plus the
// master-device rule deciding which older connections a new login kicks (§12). No socket I/O.
import { DeviceLevel } from "#protocol";
import type { ImConnection } from "./ImConnection";

/** The (deviceFlag, deviceID) of a connection, all the kick rule looks at. */
export interface DeviceSlot {
  deviceFlag: number;
  deviceID: string;
}

/**
 * Which of a user's open connections a new one kicks: at MASTER level, those with the same device
 * flag and a different deviceID (a reconnect of the same device keeps its deviceID in Go clients);
 * at SLAVE level none.
 *
 * @example connectionsToKick([{deviceFlag: 1, deviceID: "a"}], {deviceFlag: 1, deviceID: "b"}, 1) // [0]
 */
export function connectionsToKick(
  existing: readonly DeviceSlot[],
  incoming: DeviceSlot,
  level: DeviceLevel,
): number[] {
  if (level !== DeviceLevel.MASTER) return [];
  const out: number[] = [];
  existing.forEach((slot, i) => {
    if (
      slot.deviceFlag === incoming.deviceFlag &&
      slot.deviceID !== incoming.deviceID
    )
      out.push(i);
  });
  return out;
}

export class ConnectionRegistry {
  /** Every socket, open or not (the sweeper walks it). */
  readonly all = new Set<ImConnection>();
  readonly #byUid = new Map<string, ImConnection[]>();
  readonly #uidByUserId = new Map<number, string>();
  readonly #subscribers = new Map<string, Set<ImConnection>>();

  /** Open connections of a uid (empty when offline). */
  ofUid(uid: string): readonly ImConnection[] {
    return this.#byUid.get(uid) ?? [];
  }

  /** Open connections of a user id. */
  ofUserId(userId: number): readonly ImConnection[] {
    const uid = this.#uidByUserId.get(userId);
    return uid === undefined ? [] : this.ofUid(uid);
  }

  isOnline(userId: number): boolean {
    return this.ofUserId(userId).length > 0;
  }

  /** Number of distinct users online. */
  get onlineUsers(): number {
    return this.#byUid.size;
  }

  /** Adds an authenticated connection; returns the ones it kicks (not yet removed). */
  addOpen(conn: ImConnection, level: DeviceLevel): ImConnection[] {
    const who = conn.who;
    const list = this.#byUid.get(who.uid) ?? [];
    const kicked = connectionsToKick(
      list.map((c) => c.who),
      who,
      level,
    ).map((i) => list[i] as ImConnection);
    this.#byUid.set(who.uid, [...list, conn]);
    this.#uidByUserId.set(who.userId, who.uid);
    return kicked;
  }

  /** Removes a connection everywhere; true when it was its user's last open one. */
  remove(conn: ImConnection): boolean {
    this.all.delete(conn);
    for (const channelId of conn.identity === null ? [] : conn.subscriptions)
      this.unsubscribe(conn, channelId);
    const who = conn.identity;
    if (who === null) return false;
    const list = this.#byUid.get(who.uid);
    if (list === undefined || !list.includes(conn)) return false;
    const rest = list.filter((c) => c !== conn);
    if (rest.length > 0) {
      this.#byUid.set(who.uid, rest);
      return false;
    }
    this.#byUid.delete(who.uid);
    this.#uidByUserId.delete(who.userId);
    return true;
  }

  subscribe(conn: ImConnection, channelId: string): void {
    conn.subscriptions.add(channelId);
    let set = this.#subscribers.get(channelId);
    if (set === undefined) this.#subscribers.set(channelId, (set = new Set()));
    set.add(conn);
  }

  unsubscribe(conn: ImConnection, channelId: string): void {
    conn.subscriptions.delete(channelId);
    const set = this.#subscribers.get(channelId);
    if (set === undefined) return;
    set.delete(conn);
    if (set.size === 0) this.#subscribers.delete(channelId);
  }

  /** Current subscribers of a data channel. */
  subscribersOf(channelId: string): readonly ImConnection[] {
    const set = this.#subscribers.get(channelId);
    return set === undefined ? [] : [...set];
  }
}
