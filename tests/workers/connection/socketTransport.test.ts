// socketTransport, the only WebSocket user, over a scripted WebSocket class: binary only, one
// close report whatever happens (error then close), sends only while open, silence after close().
import {
  createSocketTransport,
  type WebSocketLike,
} from "../../../workers/connection/socketTransport";

class ScriptedSocket implements WebSocketLike {
  static last: ScriptedSocket;
  binaryType = "blob";
  readyState = 0;
  onopen: ((event: never) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onerror: ((event: never) => void) | null = null;
  onclose: ((event: never) => void) | null = null;
  readonly sent: Uint8Array[] = [];
  closedWith: number | undefined;

  readonly url: string;

  constructor(url: string) {
    this.url = url;
    ScriptedSocket.last = this;
  }

  send(data: Uint8Array): void {
    this.sent.push(data);
  }

  close(code?: number): void {
    this.closedWith = code;
  }

  open(): void {
    this.readyState = 1;
    this.onopen?.(undefined as never);
  }
}

function open() {
  const seen = { opened: 0, closed: 0, messages: [] as number[][] };
  const transport = createSocketTransport(ScriptedSocket);
  const socket = transport("ws://x/im", {
    onOpen: () => {
      seen.opened += 1;
    },
    onMessage: (bytes) => {
      seen.messages.push([...bytes]);
    },
    onClose: () => {
      seen.closed += 1;
    },
  });
  return { socket, seen, ws: ScriptedSocket.last };
}

describe("socketTransport", () => {
  it("asks for ArrayBuffers, passes binary messages on and ignores text", () => {
    const { seen, ws } = open();
    expect(ws.binaryType).toBe("arraybuffer");
    ws.open();
    ws.onmessage?.({ data: new Uint8Array([1, 2]).buffer });
    ws.onmessage?.({ data: "text frame" });
    ws.onmessage?.({ data: new Uint8Array([9, 8, 7]).subarray(1) });
    expect(seen).toEqual({
      opened: 1,
      closed: 0,
      messages: [
        [1, 2],
        [8, 7],
      ],
    });
  });

  it("writes only while open", () => {
    const { socket, ws } = open();
    socket.send(new Uint8Array([1]));
    ws.open();
    socket.send(new Uint8Array([2]));
    expect(ws.sent.map((b) => [...b])).toEqual([[2]]);
  });

  it("reports close once for error + close", () => {
    const { seen, ws } = open();
    ws.open();
    ws.onerror?.(undefined as never);
    ws.onclose?.(undefined as never);
    expect(seen.closed).toBe(1);
    ws.onmessage?.({ data: new Uint8Array([1]).buffer });
    expect(seen.messages).toEqual([]);
  });

  it("close() closes normally and silences the socket", () => {
    const { socket, seen, ws } = open();
    ws.open();
    socket.close();
    expect(ws.closedWith).toBe(1000);
    expect(ws.onmessage).toBeNull();
    socket.send(new Uint8Array([1]));
    expect(ws.sent).toEqual([]);
    expect(seen.closed).toBe(0);
  });

  it("a URL the constructor refuses reports a close", async () => {
    function Refusing(): never {
      throw new SyntaxError("bad url");
    }
    const transport = createSocketTransport(Refusing as never);
    let closed = 0;
    transport("nope", {
      onOpen: () => undefined,
      onMessage: () => undefined,
      onClose: () => (closed += 1),
    });
    await Promise.resolve();
    expect(closed).toBe(1);
  });
});
