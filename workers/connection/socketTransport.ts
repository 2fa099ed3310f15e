// The ONLY file that touches WebSocket: opens one binary socket and reports open, bytes and close
// (once, whether it closed or failed). Everything above it sees a Transport, which tests fake.

/** What a socket reports. `onClose` comes exactly once, after a close or an error. */
export interface SocketHandlers {
  onOpen(): void;
  onMessage(bytes: Uint8Array): void;
  onClose(): void;
}

/** One open (or opening) socket. */
export interface TransportSocket {
  /** Writes one WebSocket message; dropped when the socket is not open (as the v4 SDK does). */
  send(bytes: Uint8Array): void;
  /** Closes the socket; it reports nothing afterwards. */
  close(): void;
}

/** Opens a socket to `url`. */
export type Transport = (
  url: string,
  handlers: SocketHandlers,
) => TransportSocket;

/** The part of the WebSocket API used here (the browser's and the `ws` package's both fit). */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  onopen: ((event: never) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onerror: ((event: never) => void) | null;
  onclose: ((event: never) => void) | null;
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
}

/** A WebSocket class. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** WebSocket readyState OPEN. */
const OPEN = 1;
/** Normal closure. */
const NORMAL_CLOSURE = 1000;

function toBytes(data: unknown): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data))
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}

/**
 * A {@link Transport} over `WebSocketImpl` (the global WebSocket in the worker; tests pass `ws`).
 * Text messages are ignored: the protocol is binary only.
 */
export function createSocketTransport(
  WebSocketImpl: WebSocketConstructor = WebSocket as unknown as WebSocketConstructor,
): Transport {
  return (url, handlers) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      handlers.onClose();
    };
    let ws: WebSocketLike;
    try {
      ws = new WebSocketImpl(url);
    } catch {
      // NOTE: a malformed URL throws synchronously; report it like any failed connection.
      queueMicrotask(finish);
      return { send: () => undefined, close: () => undefined };
    }
    ws.binaryType = "arraybuffer";
    ws.onopen = () => {
      if (!done) handlers.onOpen();
    };
    ws.onmessage = (event) => {
      const bytes = toBytes(event.data);
      if (bytes !== null && !done) handlers.onMessage(bytes);
    };
    ws.onerror = finish;
    ws.onclose = finish;
    return {
      send(bytes) {
        if (!done && ws.readyState === OPEN) ws.send(bytes);
      },
      close() {
        done = true;
        ws.onopen = ws.onmessage = ws.onerror = ws.onclose = null;
        try {
          ws.close(NORMAL_CLOSURE);
        } catch {
          // NOTE: closing a socket that never connected may throw in some engines; it is gone either way.
        }
      },
    };
  };
}
