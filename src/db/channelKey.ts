// The one string form of a channel (`"<type>:<id>"`) used for maps, sets and cursor names by the
// worker and the tabs alike.

/** A channel: id plus WuKongIM channel type (1 person, 2 group, …). */
export interface ChannelRef {
  readonly channelId: string;
  readonly channelType: number;
}

/** `"<channelType>:<channelId>"`; unambiguous because the type is a number and comes first. */
export function channelKey(channel: ChannelRef): string {
  return `${channel.channelType}:${channel.channelId}`;
}

/** The inverse of {@link channelKey}; throws on a string that no `channelKey` call produced. */
export function parseChannelKey(key: string): ChannelRef {
  const colon = key.indexOf(":");
  const channelType = Number(key.slice(0, colon));
  if (colon < 1 || !Number.isInteger(channelType))
    throw new Error(`Not a channel key: ${key}`);
  return { channelId: key.slice(colon + 1), channelType };
}
