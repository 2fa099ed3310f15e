// Every live socket, those still in their handshake by client IP, the open ones by uid and by user
// id, and data-channel subscribers; plus the rules deciding which older connections a new login
// kicks (master device §12, connections per account #19). No socket I/O.
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

/** An older connection a new login closes, and why (the DISCONNECT's reason). */
export interface Kick {
  conn: ImConnection;
  reason: "login in other device" | "too many connections";
}

/**
 * Which of an account's open connections (oldest first) make room for a new one so that at most
 * `max` stay open, counting the new one: the oldest go.
 *
 * @example oldestBeyond(3, 2) // 2: of 3 open plus the new one, the 2 oldest close
 */
export function oldestBeyond(open: number, max: number): number {
  return Math.max(0, open + 1 - max);
}

export class ConnectionRegistry {
  /** Every socket, open or not (the sweeper walks it). */
  readonly all = new Set<ImConnection>();
  /** Sockets not yet open (no CONNECT accepted), counted per client IP. */
  readonly #handshaking = new Set<ImConnection>();
  readonly #handshakesByIp = new Map<string, number>();
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

  /** Adds a new socket; it counts as a handshake of its IP until it opens or closes. */
  add(conn: ImConnection): void {
    this.all.add(conn);
    this.#handshaking.add(conn);
    this.#handshakesByIp.set(conn.ip, this.handshakesFrom(conn.ip) + 1);
  }

  /** Sockets of a client IP still in their handshake. */
  handshakesFrom(ip: string): number {
    return this.#handshakesByIp.get(ip) ?? 0;
  }

  /**
   * Adds an authenticated connection; returns the older ones it kicks (not yet removed): by the
   * device level's rule, then the oldest beyond `maxPerAccount`.
   */
  addOpen(
    conn: ImConnection,
    level: DeviceLevel,
    maxPerAccount: number,
  ): Kick[] {
    this.#endHandshake(conn);
    const who = conn.who;
    const list = this.#byUid.get(who.uid) ?? [];
    const byDevice = new Set(
      connectionsToKick(
        list.map((c) => c.who),
        who,
        level,
      ).map((i) => list[i] as ImConnection),
    );
    const staying = list.filter((c) => !byDevice.has(c));
    const kicks: Kick[] = [
      ...[...byDevice].map((c) => ({
        conn: c,
        reason: "login in other device" as const,
      })),
      ...staying
        .slice(0, oldestBeyond(staying.length, maxPerAccount))
        .map((c) => ({ conn: c, reason: "too many connections" as const })),
    ];
    this.#byUid.set(who.uid, [...list, conn]);
    this.#uidByUserId.set(who.userId, who.uid);
    return kicks;
  }

  /** Removes a connection everywhere; true when it was its user's last open one. */
  remove(conn: ImConnection): boolean {
    this.all.delete(conn);
    this.#endHandshake(conn);
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

  #endHandshake(conn: ImConnection): void {
    if (!this.#handshaking.delete(conn)) return;
    const left = this.handshakesFrom(conn.ip) - 1;
    if (left > 0) this.#handshakesByIp.set(conn.ip, left);
    else this.#handshakesByIp.delete(conn.ip);
  }

  /** Current subscribers of a data channel. */
  subscribersOf(channelId: string): readonly ImConnection[] {
    const set = this.#subscribers.get(channelId);
    return set === undefined ? [] : [...set];
  }
}
