// workers/api.ts is structured-clone friendly: type-level (every argument and result is plain data,
// one object argument per method, every result a Promise<Result>) and at run time (every event and
// result shape survives a real MessageChannel unchanged).
import { describe, expect, expectTypeOf, it } from "vitest";
import {
  API_VERSION,
  ConnectionStatus,
  type Result,
  type MessengerApi,
  type MessengerError,
  type MessengerEvent,
  type MessengerStatus,
} from "../../workers/api";

type Primitive = string | number | boolean | null | undefined | bigint;
type AllTrue<B> = false extends B ? false : true;
/**
 * `true`/`false` per union member: whether values of `T` survive structured clone as themselves (no
 * functions, no class methods). Depth-limited so recursive types (JsonValue) terminate.
 */
type CloneableEach<T, Depth extends unknown[]> = Depth["length"] extends 6
  ? true
  : T extends Primitive
    ? true
    : T extends Blob | ArrayBuffer | ArrayBufferView | Date
      ? true
      : T extends (...args: never[]) => unknown
        ? false
        : T extends readonly (infer E)[]
          ? CloneableEach<E, [...Depth, unknown]>
          : T extends object
            ? {
                [K in keyof T]-?: CloneableEach<T[K], [...Depth, unknown]>;
              }[keyof T]
            : false;
/** `true` when every value of `T` is structured-clone friendly. */
type Cloneable<T> = AllTrue<CloneableEach<T, []>>;

type DataMethods = Exclude<keyof MessengerApi, "subscribe">;
type Shapes = {
  [K in DataMethods]: [
    arity: Parameters<MessengerApi[K]>["length"],
    argument: Cloneable<Parameters<MessengerApi[K]>[0]>,
    result: Cloneable<Awaited<ReturnType<MessengerApi[K]>>>,
    isResult: Awaited<ReturnType<MessengerApi[K]>> extends Result<unknown>
      ? true
      : false,
  ];
};

describe("workers/api.ts types", () => {
  it("the Cloneable check itself tells data from functions and class instances", () => {
    expectTypeOf<
      Cloneable<{ a: string; b: readonly number[]; c: { d: Blob } }>
    >().toEqualTypeOf<true>();
    expectTypeOf<
      Cloneable<{ a: string; f: () => void }>
    >().toEqualTypeOf<false>();
    expectTypeOf<Cloneable<Map<string, string>>>().toEqualTypeOf<false>();
    expectTypeOf<
      Cloneable<{ kind: "a"; x: number } | { kind: "b"; cb: () => void }>
    >().toEqualTypeOf<false>();
  });

  it("every method but subscribe takes one plain object and resolves to a plain Result", () => {
    expectTypeOf<Shapes[DataMethods]>().toEqualTypeOf<[1, true, true, true]>();
  });

  it("subscribe is the one callback, and what it receives is plain data", () => {
    expectTypeOf<Parameters<MessengerApi["subscribe"]>>().toEqualTypeOf<
      [callback: (event: MessengerEvent) => void]
    >();
    expectTypeOf<Cloneable<MessengerEvent>>().toEqualTypeOf<true>();
    expectTypeOf<
      Awaited<ReturnType<MessengerApi["subscribe"]>>
    >().toEqualTypeOf<Result<null>>();
  });

  it("error codes are SCREAMING_SNAKE literals", () => {
    expectTypeOf<MessengerError["code"]>().toExtend<
      Uppercase<MessengerError["code"]>
    >();
    expectTypeOf<MessengerError["code"]>().not.toEqualTypeOf<string>();
  });
});

/** One value of every event variant and result shape. */
const status: MessengerStatus = {
  connection: ConnectionStatus.CONNECT_KICK,
  imUid: "u1",
  online: true,
  reasonCode: 12,
  kick: "SIGNED_IN_ELSEWHERE",
};
const channel = { channelId: "peer", channelType: 1 };
const events: MessengerEvent[] = [
  { type: "status", status },
  { type: "conversationsChanged", channels: [channel] },
  { type: "messagesChanged", channel, clientMsgNos: ["a", "b"], rows: [] },
  {
    type: "uploadProgress",
    clientMsgNo: "a",
    state: "processing",
    loaded: 10,
    total: 100,
  },
  {
    type: "command",
    channel,
    fromUid: "peer",
    cmd: "typing",
    param: { on: true, list: [1, "x", null] },
  },
  { type: "kicked", reason: "SIGN_IN_AGAIN", reasonCode: 2 },
  { type: "loggedOut" },
  {
    type: "error",
    error: { code: "NETWORK", message: "sync failed", retryable: true },
  },
];
const results: Result<unknown>[] = [
  { ok: true, value: null },
  { ok: true, value: status },
  { ok: true, value: { clientMsgNo: "x" } },
  { ok: true, value: { available: 20, reachedStart: false } },
  {
    ok: false,
    error: {
      code: "INVALID_ARGUMENT",
      message: "text must not be empty",
      retryable: false,
    },
  },
];

function throughChannel(value: unknown): Promise<unknown> {
  const { port1, port2 } = new MessageChannel();
  return new Promise((resolve) => {
    port2.onmessage = (event: MessageEvent) => {
      resolve(event.data);
      port1.close();
      port2.close();
    };
    port1.postMessage(value);
  });
}

describe("workers/api.ts values", () => {
  it("has a positive integer API version", () => {
    expect(Number.isInteger(API_VERSION)).toBe(true);
    expect(API_VERSION).toBeGreaterThan(0);
  });

  it("every event and result crosses a real MessageChannel unchanged", async () => {
    for (const value of [...events, ...results]) {
      expect(await throughChannel(value)).toEqual(value);
    }
    expect(new Set(events.map((e) => e.type)).size).toBe(events.length);
  });

  it("sendImage's Blob argument crosses too", async () => {
    const file = new Blob([new Uint8Array([7, 8, 9])], { type: "image/png" });
    const back = (await throughChannel({
      channel,
      file,
      width: 1,
      height: 1,
    })) as { file: Blob };
    expect(back.file.type).toBe("image/png");
    expect([...new Uint8Array(await back.file.arrayBuffer())]).toEqual([
      7, 8, 9,
    ]);
  });
});
