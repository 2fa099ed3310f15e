// REST calls about IM users made from the tab: a user's public profile (channel info of a chat) and
// the service staff account the signed-in user talks to.
import type { PublicProfile, VirtualService } from "#contract";
import type { Static } from "typebox";
import { apiRequest } from "../../api/client";

/** `user/v1/infoByIm`: the public profile of an IM user (`lastOffline`: Unix seconds, 0 = never). */
export type ImProfile = Static<typeof PublicProfile>;

/** `oapi/v1/getVirtual`: my service staff, with the channel to open. */
export type ServiceAccount = Static<typeof VirtualService>;

export function fetchImProfile(
  imId: string,
  options: { signal?: AbortSignal } = {},
): Promise<ImProfile> {
  return apiRequest("user/v1/infoByIm", { query: { imId }, ...options });
}

export function fetchServiceAccount(): Promise<ServiceAccount> {
  return apiRequest("oapi/v1/getVirtual");
}
