// REST calls about IM users made from the tab: a user's public profile (channel info of a chat) and
// the service staff account the signed-in user talks to.
import { apiRequest } from "../../api/client";

/** `user/v1/infoByIm`: the public profile of an IM user. */
export interface ImProfile {
  imId: string;
  nickname: string;
  avatarUrl: string;
  online: boolean;
  /** Seconds since the epoch of the last disconnect; 0 when unknown. */
  lastOffline: number;
  isService: 0 | 1;
  isMonk: 0 | 1;
}

/** `oapi/v1/getVirtual`: my service staff, with the channel to open. */
export interface ServiceAccount extends ImProfile {
  channel_id: string;
  channel_type: 1;
}

export function fetchImProfile(
  imId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ImProfile> {
  return apiRequest("user/v1/infoByIm", { query: { imId }, ...options });
}

export function fetchServiceAccount(): Promise<ServiceAccount> {
  return apiRequest("oapi/v1/getVirtual");
}
