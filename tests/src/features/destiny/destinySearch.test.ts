// /destiny's search params: the open conversation and the filter; bad values are dropped.
import {
  openChannelOf,
  searchForChannel,
  validateDestinySearch,
} from "../../../../src/features/destiny/destinySearch";

it("keeps a channel id (also an all-digit one the router parsed as a number)", () => {
  expect(validateDestinySearch({ chat: "demo_service" })).toEqual({
    chat: "demo_service",
    type: undefined,
    filter: undefined,
  });
  expect(validateDestinySearch({ chat: 10086 }).chat).toBe("10086");
});

it("drops bad values instead of failing", () => {
  expect(validateDestinySearch({ chat: "", type: "x", filter: "vip" })).toEqual(
    {
      chat: undefined,
      type: undefined,
      filter: undefined,
    },
  );
  expect(validateDestinySearch({ chat: "a".repeat(300) }).chat).toBeUndefined();
  expect(validateDestinySearch({ chat: { id: 1 } }).chat).toBeUndefined();
  expect(validateDestinySearch({ chat: "g1", type: 999 }).type).toBeUndefined();
});

it("keeps a non-default channel type and filter; omits the defaults", () => {
  expect(
    validateDestinySearch({ chat: "g1", type: 2, filter: "monk" }),
  ).toEqual({
    chat: "g1",
    type: 2,
    filter: "monk",
  });
  expect(validateDestinySearch({ chat: "p", type: 1, filter: "all" })).toEqual({
    chat: "p",
    type: undefined,
    filter: undefined,
  });
  expect(validateDestinySearch({ type: 2 }).type).toBeUndefined();
});

it("turns search params into a channel and back", () => {
  expect(openChannelOf({})).toBeNull();
  expect(openChannelOf({ chat: "p" })).toEqual({
    channelId: "p",
    channelType: 1,
  });
  expect(openChannelOf({ chat: "g", type: 2 })).toEqual({
    channelId: "g",
    channelType: 2,
  });
  expect(
    searchForChannel({ channelId: "g", channelType: 2 }, "service"),
  ).toEqual({
    chat: "g",
    type: 2,
    filter: "service",
  });
  expect(searchForChannel({ channelId: "p", channelType: 1 }, "all")).toEqual({
    chat: "p",
    type: undefined,
    filter: undefined,
  });
});
