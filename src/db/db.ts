// Opening and deleting the per-user IM database, and the profile's stable device id. The worker and
// the tabs share these helpers so both name and open the same databases.
import { Dexie } from "dexie";
import { AppDb } from "./AppDb";
import { DeviceDb } from "./DeviceDb";

/** Prefix of every per-user IM database name; the rest is the URI-encoded IM uid. */
export const IM_DB_PREFIX = "fuyuan-im-";
/** Suffix of a device id: what the WuKongIM web SDK appends (protocol §5.1). */
export const DEVICE_ID_SUFFIX = "W";

const openDbs = new Map<string, AppDb>();
let sharedDeviceDb: DeviceDb | undefined;

/** The database name for an IM uid, e.g. `fuyuan-im-u%2F1` for `u/1`. */
export function imDbName(imUid: string): string {
  if (imUid === "") throw new Error("An IM database needs a non-empty IM uid");
  return IM_DB_PREFIX + encodeURIComponent(imUid);
}

/** The open IM database of `imUid` (one instance per uid per context; opened lazily by Dexie). */
export function openImDb(imUid: string): AppDb {
  const name = imDbName(imUid);
  let db = openDbs.get(name);
  if (db === undefined) {
    db = new AppDb(name);
    openDbs.set(name, db);
  }
  return db;
}

/** Closes this context's connection to the IM database of `imUid`, if it has one. */
export function closeImDb(imUid: string): void {
  const name = imDbName(imUid);
  openDbs.get(name)?.close();
  openDbs.delete(name);
}

/**
 * Deletes the IM database of `imUid` (logout). Other contexts' connections close themselves on the
 * `versionchange` event (Dexie's default), so tabs holding liveQueries do not block the delete.
 */
export async function deleteImDb(imUid: string): Promise<void> {
  closeImDb(imUid);
  await Dexie.delete(imDbName(imUid));
}

/** 32 lowercase hex characters from the platform CSPRNG. */
function randomHex32(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * This browser profile's IM device id: 32 hex + `"W"`, created once and then always the same.
 * NOTE: the official SDK invents one per connection, which makes every reconnect kick the previous
 * web session on a master-device server (protocol §12); a stable id avoids that.
 */
export async function getDeviceId(
  deviceDb: DeviceDb = (sharedDeviceDb ??= new DeviceDb()),
  makeHex: () => string = randomHex32,
): Promise<string> {
  // NOTE: read and create in one readwrite transaction, so two contexts starting together agree.
  return deviceDb.transaction("rw", deviceDb.device, async () => {
    const existing = await deviceDb.device.get("deviceId");
    if (existing !== undefined) return existing.value;
    const hex = makeHex();
    if (!/^[0-9a-f]{32}$/.test(hex))
      throw new Error("A device id needs 32 lowercase hex characters");
    const value = hex + DEVICE_ID_SUFFIX;
    await deviceDb.device.add({ name: "deviceId", value });
    return value;
  });
}
