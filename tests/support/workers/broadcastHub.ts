// An in-memory BroadcastChannel: every handle of a hub delivers to every other open handle
// (asynchronously, after structured cloning, like the real one), never to itself.
import type { BroadcastLike } from "../../../workers/relay/relayProtocol";

type Listener = (event: { readonly data: unknown }) => void;

export function createBroadcastHub() {
  const handles = new Set<{ listeners: Set<Listener> }>();
  return {
    open(): BroadcastLike {
      const self = { listeners: new Set<Listener>() };
      handles.add(self);
      return {
        postMessage(message) {
          const data = structuredClone(message);
          for (const other of handles) {
            if (other === self) continue;
            setImmediate(() => {
              if (!handles.has(other)) return;
              for (const listener of other.listeners) listener({ data });
            });
          }
        },
        addEventListener(_type, listener) {
          self.listeners.add(listener);
        },
        removeEventListener(_type, listener) {
          self.listeners.delete(listener);
        },
        close() {
          handles.delete(self);
        },
      };
    },
  };
}
