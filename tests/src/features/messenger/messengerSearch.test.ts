// /destiny's search params: the open conversation and the filter; bad values are dropped.
import {
  openChannelOf,
  searchForChannel,
  validateMessengerSearch,
} from "../../../../src/features/messenger/messengerSearch";

it("keeps a channel id (also an all-digit one the router parsed as a number)", () => {
  expect(validateMessengerSearch({ chat: "demo_service" })).toEqual({
    chat: "demo_service",
    type: undefined,
    filter: undefined,
  });
  expect(validateMessengerSearch({ chat: 10086 }).chat).toBe("10086");
});

it("drops bad values instead of failing", () => {
  expect(
    validateMessengerSearch({ chat: "", type: "x", filter: "vip" }),
  ).toEqual({
    chat: undefined,
    type: undefined,
    filter: undefined,
  });
  expect(
    validateMessengerSearch({ chat: "a".repeat(300) }).chat,
  ).toBeUndefined();
  expect(validateMessengerSearch({ chat: { id: 1 } }).chat).toBeUndefined();
  expect(
    validateMessengerSearch({ chat: "g1", type: 999 }).type,
  ).toBeUndefined();
});

it("keeps a non-default channel type and filter; omits the defaults", () => {
  expect(
    validateMessengerSearch({ chat: "g1", type: 2, filter: "monk" }),
  ).toEqual({
    chat: "g1",
    type: 2,
    filter: "monk",
  });
  expect(
    validateMessengerSearch({ chat: "p", type: 1, filter: "all" }),
  ).toEqual({
    chat: "p",
    type: undefined,
    filter: undefined,
  });
  expect(validateMessengerSearch({ type: 2 }).type).toBeUndefined();
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
