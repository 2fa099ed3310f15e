// Upload task of a media message (spec §3 "Upload task states").

/** Upload states (spec §3): wait, processing, success, fail, suspend, cancel. */
export const UploadState = {
  WAIT: "wait",
  PROCESSING: "processing",
  SUCCESS: "success",
  FAIL: "fail",
  SUSPEND: "suspend",
  CANCEL: "cancel",
} as const;
/** One of the {@link UploadState} values. */
export type UploadState = (typeof UploadState)[keyof typeof UploadState];

/** An upload row. Primary key `clientMsgNo` (the message the file belongs to). */
export interface UploadRecord {
  clientMsgNo: string;
  state: UploadState;
  loaded: number;
  total: number;
  /** Where the file ended up, once `success`. */
  url?: string;
  updatedAt: number;
}
