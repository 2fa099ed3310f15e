// The tiny per-browser-profile database that keeps the stable IM device id. It survives logout
// (only the per-user IM database is deleted).
import { Dexie, type Table } from "dexie";
import type { DeviceRecord } from "./entities/DeviceRecord";

/** Name of the device database (one per browser profile and origin). */
export const DEVICE_DB_NAME = "fuyuan-device";

/** The device database. Use `getDeviceId` (src/db/db.ts) rather than the table. */
export class DeviceDb extends Dexie {
  declare readonly device: Table<DeviceRecord, string>;

  constructor(name: string = DEVICE_DB_NAME) {
    super(name);
    this.version(1).stores({ device: "name" });
  }
}
