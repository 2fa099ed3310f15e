// Channel info of person channels (name, avatar, online, staff role) fetched from user/v1/infoByIm and
// kept in the channelInfo table, so the list and threads show names offline and before the network
// answers. The worker is the only writer; tabs read the rows with liveQuery and ask for refreshes.
import { channelKey, type ChannelRef } from "../../src/db/channelKey";
import { MessengerFailure } from "../messenger/errors";
import { fetchChannelInfo, PERSON_CHANNEL } from "../rest/imApi";
import { checkChannel } from "../outbox/outgoing";
import type { UserContext } from "../messenger/UserContext";

/** How long a stored row counts as fresh (the online dot goes stale after this). */
export const CHANNEL_INFO_TTL_MS = 5 * 60_000;
const isList = (value: unknown): value is readonly unknown[] =>
  Array.isArray(value);

/** Most channels one call may name (a conversation list page asks for all its rows at once). */
export const MAX_CHANNELS_PER_CALL = 1000;

/** Refreshes channelInfo rows: one request per channel at a time, none while a row is fresh. */
export class ChannelInfoRunner {
  readonly #ctx: Pick<UserContext, "db" | "http" | "now">;
  readonly #inFlight = new Map<string, Promise<void>>();

  constructor(ctx: Pick<UserContext, "db" | "http" | "now">) {
    this.#ctx = ctx;
  }

  /**
   * Makes sure the person channels among `channels` have a fresh row (`force`: fetched now even
   * if fresh). Rejects with the first failure once every channel has been tried.
   */
  async refresh(
    channels: readonly ChannelRef[],
    force: boolean,
  ): Promise<void> {
    if (!isList(channels) || channels.length > MAX_CHANNELS_PER_CALL)
      throw new MessengerFailure(
        "INVALID_ARGUMENT",
        `channels must be a list of at most ${MAX_CHANNELS_PER_CALL}`,
      );
    for (const channel of channels) checkChannel(channel);
    const results = await Promise.allSettled(
      channels
        .filter((c) => c.channelType === PERSON_CHANNEL)
        .map((c) => this.#refreshOne(c.channelId, force)),
    );
    for (const result of results)
      if (result.status === "rejected") throw result.reason;
  }

  #refreshOne(channelId: string, force: boolean): Promise<void> {
    const key = channelKey({ channelId, channelType: PERSON_CHANNEL });
    const running = this.#inFlight.get(key);
    if (running !== undefined) return running;
    const run = this.#fetchUnlessFresh(channelId, force).finally(() => {
      this.#inFlight.delete(key);
    });
    this.#inFlight.set(key, run);
    return run;
  }

  async #fetchUnlessFresh(channelId: string, force: boolean): Promise<void> {
    const { db, http } = this.#ctx;
    if (!force) {
      const row = await db.channelInfo.get([channelId, PERSON_CHANNEL]);
      if (
        row !== undefined &&
        this.#ctx.now() - row.fetchedAt < CHANNEL_INFO_TTL_MS
      )
        return;
    }
    const row = await fetchChannelInfo(http, channelId, this.#ctx.now());
    await db.channelInfo.put(row);
  }
}
