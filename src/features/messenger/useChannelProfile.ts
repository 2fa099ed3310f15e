// A channel's profile from the tab cache (channelProfiles.ts), fetched when first needed. Only
// person channels (type 1) have one.
import { useEffect, useSyncExternalStore } from "react";
import type { ImProfile } from "../chatEntry/imUserApi";
import {
  getProfileEntry,
  requestProfile,
  subscribeProfiles,
  type ProfileEntry,
} from "./channelProfiles";
import { PERSON_CHANNEL } from "./messengerSearch";

export function useProfileEntry(
  channelId: string,
  channelType: number,
): ProfileEntry | undefined {
  const person = channelType === PERSON_CHANNEL;
  useEffect(() => {
    if (person) requestProfile(channelId);
  }, [channelId, person]);
  return useSyncExternalStore(subscribeProfiles, () =>
    person ? getProfileEntry(channelId) : undefined,
  );
}

export function useChannelProfile(
  channelId: string,
  channelType: number,
): ImProfile | null {
  return useProfileEntry(channelId, channelType)?.profile ?? null;
}
