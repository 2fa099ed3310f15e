// Sends of one (sender, clientMsgNo) that are still on their way: a repeat joins the first one
// and is told it is a duplicate, so a message retried while its first attempt is storing is stored
// once. Shared by both engines.
import type { ImSendResult } from "../domain/messenger/ImEngine";
import { dedupKey } from "./batchPlan";

export class InflightSends {
  readonly #running = new Map<string, Promise<ImSendResult>>();

  /** The running send of (fromUid, clientMsgNo) as a duplicate, or `start()` as the first. */
  run(
    fromUid: string,
    clientMsgNo: string,
    start: () => Promise<ImSendResult>,
  ): Promise<ImSendResult> {
    const key = dedupKey(fromUid, clientMsgNo);
    const running = this.#running.get(key);
    if (running !== undefined)
      return running.then((r) => (r.ok ? { ...r, duplicate: true } : r));
    const promise = start();
    this.#running.set(key, promise);
    const forget = () => {
      this.#running.delete(key);
    };
    // NOTE: not `finally`: its promise would re-raise a failed store as an unhandled rejection,
    // which ends the process (found by the gateway fuzz); the caller handles the failure.
    void promise.then(forget, forget);
    return promise;
  }
}
