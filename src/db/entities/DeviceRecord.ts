// The device database's one row: this browser profile's stable IM device id.

/** A row of the device database. Primary key `name` (only `"deviceId"` is used). */
export interface DeviceRecord {
  name: string;
  value: string;
}
