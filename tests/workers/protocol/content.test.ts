// Payload contents (§9): exact JSON shapes in the SDK's key order, decode of every kind, unknown
// types surviving untouched, system text rendering, and agreement with wukongimjssdk@1.0.4's own
// MessageContent classes.
import {
  ContentType,
  decodeContent,
  encodeContent,
  renderSystemText,
  type MessageContent,
} from "#protocol";
import WKSDK from "wukongimjssdk";
import {
  Mention as SdkMention,
  MessageText,
  Reply as SdkReply,
  type SystemContent as SdkSystem,
} from "wukongimjssdk/lib/model";
import { utf8 } from "../../support/protocol/protocolFixtures";
import { codeOf } from "../../support/protocol/decodeHelpers";

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

const CASES: [string, MessageContent, string][] = [
  [
    "text",
    { kind: "text", type: 1, content: "hi 你好" },
    '{"content":"hi 你好","type":1}',
  ],
  [
    "image",
    { kind: "image", type: 2, url: "https://x/y.png", width: 640, height: 480 },
    '{"url":"https://x/y.png","width":640,"height":480,"type":2}',
  ],
  [
    "stream",
    { kind: "stream", type: 98, data: "AAEC" },
    '{"data":"AAEC","type":98}',
  ],
  [
    "cmd with param",
    { kind: "cmd", type: 99, cmd: "typing", param: { a: [1, null] } },
    '{"cmd":"typing","param":{"a":[1,null]},"type":99}',
  ],
  [
    "cmd without param",
    { kind: "cmd", type: 99, cmd: "sync" },
    '{"cmd":"sync","type":99}',
  ],
  [
    "system with extra",
    {
      kind: "system",
      type: 1002,
      content: "{0} invited {1}",
      extra: [
        { uid: "u1", name: "Ann" },
        { uid: "u2", name: "Bo" },
      ],
    },
    '{"content":"{0} invited {1}","extra":[{"uid":"u1","name":"Ann"},{"uid":"u2","name":"Bo"}],"type":1002}',
  ],
  [
    "system without extra",
    { kind: "system", type: 1000, content: "hello" },
    '{"content":"hello","type":1000}',
  ],
  ["signal", { kind: "signal", type: 21000 }, '{"type":21000}'],
  [
    "text with mention, reply, visibles, invisibles",
    {
      kind: "text",
      type: 1,
      content: "@bo",
      mention: { all: true, uids: ["bo"] },
      reply: {
        messageID: "700000000000000001",
        messageSeq: 3,
        fromUID: "bo",
        fromName: "Bo",
        rootMessageID: "700000000000000000",
        payload: { kind: "text", type: 1, content: "orig" },
      },
      visibles: ["a", "bo"],
      invisibles: ["c"],
    },
    '{"content":"@bo","type":1,"mention":{"all":1,"uids":["bo"]},"reply":{"message_id":"700000000000000001","message_seq":3,"from_uid":"bo","from_name":"Bo","root_message_id":"700000000000000000","payload":{"content":"orig","type":1}},"visibles":["a","bo"],"invisibles":["c"]}',
  ],
  [
    "mention of uids only",
    { kind: "text", type: 1, content: "x", mention: { uids: [] } },
    '{"content":"x","type":1,"mention":{"uids":[]}}',
  ],
  [
    "unknown keys kept after the content keys",
    {
      kind: "text",
      type: 1,
      content: "x",
      others: { entities: [{ offset: 0 }], robot_id: "r" },
    },
    '{"content":"x","entities":[{"offset":0}],"robot_id":"r","type":1}',
  ],
];

describe("encode and decode each kind (§9)", () => {
  test.each(CASES)("%s", (_name, content, json) => {
    expect(text(encodeContent(content))).toBe(json);
    expect(decodeContent(utf8(json))).toEqual(content);
  });
});

describe("unknown types and malformed known types survive untouched", () => {
  test.each([
    ['{"type":12345,"a":[1,{"b":null}],"z":"é","mention":{"all":1}}'],
    ['{"type":20001,"custom":{"deep":[true,false]}}'],
    ['{"b":1,"type":0,"a":2}'],
    ['{"content":5,"type":1}'], // text whose content is not a string
    ['{"url":"u","width":"640","height":1,"type":2}'],
    ['{"content":"x","type":1,"mention":{"all":true}}'], // all must be 1
    [
      '{"content":"x","type":1,"reply":{"message_id":1,"message_seq":1,"from_uid":"a"}}',
    ],
    ['{"content":"{0}","extra":[{"uid":"u"}],"type":1001}'],
    ['{"type":1500}'], // system without content
  ])("%s", (json) => {
    const c = decodeContent(utf8(json));
    expect(c.kind).toBe("unknown");
    expect(text(encodeContent(c))).toBe(json);
  });

  test("an unknown type still exposes well-formed common keys", () => {
    const c = decodeContent(
      utf8('{"type":30000,"mention":{"uids":["me"]},"visibles":["me"]}'),
    );
    expect(c).toMatchObject({
      kind: "unknown",
      type: 30000,
      mention: { uids: ["me"] },
      visibles: ["me"],
    });
  });

  test("a `__proto__` key stays data and is written back", () => {
    const json = '{"content":"x","__proto__":{"polluted":1},"type":1}';
    const c = decodeContent(utf8(json));
    expect(c.kind).toBe("text");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(text(encodeContent(c))).toBe(json);
  });

  test("a reply chain nested 1,000 deep decodes (deep levels stay unknown) and re-encodes untouched", () => {
    let json = '{"content":"leaf","type":1}';
    for (let i = 0; i < 1000; i++) {
      json = `{"content":"r${i}","type":1,"reply":{"message_id":"${i}","message_seq":${i},"from_uid":"u","payload":${json}}}`;
    }
    const c = decodeContent(utf8(json));
    expect(c.kind).toBe("text");
    expect(c.reply?.payload?.kind).toBe("text");
    expect(text(encodeContent(c))).toBe(json);
  });

  test("content too deep for JSON is BAD_CONTENT, not a RangeError", () => {
    const deep = "[".repeat(200_000) + "]".repeat(200_000);
    const code = codeOf(() =>
      decodeContent(utf8(`{"type":1,"content":"x","x":${deep}}`)),
    );
    expect(["BAD_CONTENT", "no error"]).toContain(code);
    let c: MessageContent = { kind: "text", type: 1, content: "leaf" };
    for (let i = 0; i < 50_000; i++) {
      c = {
        kind: "text",
        type: 1,
        content: "r",
        reply: { messageID: "1", messageSeq: 1, fromUID: "u", payload: c },
      };
    }
    expect(codeOf(() => encodeContent(c))).toBe("BAD_CONTENT");
  });

  test("known key order is normalised to the SDK's (content keys, then type)", () => {
    const c = decodeContent(utf8('{"type":1,"content":"hi"}'));
    expect(text(encodeContent(c))).toBe('{"content":"hi","type":1}');
  });
});

describe("errors", () => {
  test.each([
    ["not JSON", "{"],
    ["an array", "[1]"],
    ["a string", '"x"'],
    ["no type", '{"content":"x"}'],
    ["a fractional type", '{"type":1.5}'],
    ["a string type", '{"type":"1"}'],
  ])("BAD_CONTENT: %s", (_name, json) => {
    expect(codeOf(() => decodeContent(utf8(json)))).toBe("BAD_CONTENT");
  });

  test("BAD_CONTENT: invalid UTF-8 and values JSON cannot hold", () => {
    expect(
      codeOf(() => decodeContent(new Uint8Array([0x7b, 0xff, 0x7d]))),
    ).toBe("BAD_CONTENT");
    expect(
      codeOf(() =>
        encodeContent({ kind: "cmd", type: 99, cmd: "x", param: 1n }),
      ),
    ).toBe("BAD_CONTENT");
  });
});

test("renderSystemText fills every {i} from extra[i].name and leaves others", () => {
  const extra = [
    { uid: "a", name: "Ann" },
    { uid: "b", name: "Bo" },
  ];
  expect(renderSystemText({ content: "{0} invited {1}", extra })).toBe(
    "Ann invited Bo",
  );
  expect(renderSystemText({ content: "{1}, {1} and {0}", extra })).toBe(
    "Bo, Bo and Ann",
  );
  expect(renderSystemText({ content: "{2} left" })).toBe("{2} left");
  expect(ContentType.SYSTEM_MIN).toBe(1000);
});

describe("agreement with wukongimjssdk@1.0.4's MessageContent", () => {
  const sdk = WKSDK.shared();

  test("MessageText.encode() writes the same bytes as ours, with mention and reply", () => {
    const m = new MessageText("hello 你好 😀");
    expect(
      encodeContent({ kind: "text", type: 1, content: "hello 你好 😀" }),
    ).toEqual(m.encode());

    const mention = new SdkMention();
    mention.all = true;
    mention.uids = ["u1", "u2"];
    const reply = new SdkReply();
    reply.messageID = "12";
    reply.messageSeq = 3;
    reply.fromUID = "u1";
    reply.fromName = "Ann";
    reply.rootMessageID = "11";
    reply.content = new MessageText("orig");
    const withAll = new MessageText("@all");
    withAll.mention = mention;
    withAll.reply = reply;
    const ours: MessageContent = {
      kind: "text",
      type: 1,
      content: "@all",
      mention: { all: true, uids: ["u1", "u2"] },
      reply: {
        messageID: "12",
        messageSeq: 3,
        fromUID: "u1",
        fromName: "Ann",
        rootMessageID: "11",
        payload: { kind: "text", type: 1, content: "orig" },
      },
    };
    expect(text(encodeContent(ours))).toBe(text(withAll.encode()));
  });

  test("the SDK decodes our text, cmd and system contents to the same values", () => {
    const t = sdk.getMessageContent(1);
    t.decode(
      encodeContent({
        kind: "text",
        type: 1,
        content: "hi",
        mention: { all: true, uids: ["x"] },
        visibles: ["v"],
      }),
    );
    expect(t).toBeInstanceOf(MessageText);
    expect((t as unknown as { text: string }).text).toBe("hi");
    expect(t.mention?.all).toBe(true);
    expect(t.mention?.uids).toEqual(["x"]);
    expect((t as unknown as { visibles: string[] }).visibles).toEqual(["v"]);

    const cmd = sdk.getMessageContent(99) as unknown as {
      decode(b: Uint8Array): void;
      cmd: string;
      param: unknown;
    };
    cmd.decode(
      encodeContent({
        kind: "cmd",
        type: 99,
        cmd: "typing",
        param: { uid: "u" },
      }),
    );
    expect([cmd.cmd, cmd.param]).toEqual(["typing", { uid: "u" }]);

    const sys = sdk.getMessageContent(1002) as unknown as SdkSystem;
    const extra = [
      { uid: "a", name: "Ann" },
      { uid: "b", name: "Bo" },
    ];
    sys.decode(
      encodeContent({
        kind: "system",
        type: 1002,
        content: "{0} invited {1}",
        extra,
      }),
    );
    expect(sys.displayText).toBe(
      renderSystemText({ content: "{0} invited {1}", extra }),
    );
  });

  test("the SDK's content types match ContentType", () => {
    expect(sdk.getMessageContent(0).contentType).toBe(ContentType.UNKNOWN);
    expect(sdk.getMessageContent(ContentType.TEXT).contentType).toBe(1);
    expect(sdk.getMessageContent(ContentType.CMD).contentType).toBe(99);
    expect(
      sdk.isSystemMessage(ContentType.SYSTEM_MIN) &&
        sdk.isSystemMessage(ContentType.SYSTEM_MAX),
    ).toBe(true);
    expect(sdk.isSystemMessage(ContentType.SYSTEM_MAX + 1)).toBe(false);
    expect(sdk.getMessageContent(ContentType.SIGNAL).contentType).toBe(21000);
  });
});
