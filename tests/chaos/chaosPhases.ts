// The phases of a chaos run after typing: convergence (every profile holds every typed message,
// delivered, outboxes empty) and the reading round (unread counts the user can predict, checked on
// every profile and on the server, before and after a reconnect).
import type { Prng } from "../support/protocol/prng";
import type { TypedMessage } from "./chaosChecks";
import type { ChaosFleet } from "./ChaosFleet";
import type { ChaosServer } from "./ChaosServer";
import type { ChaosUser } from "./chaosUsers";
import { serverUnread } from "./serverHistory";
import { waitFor } from "./waitFor";

/** Waits until every profile holds every typed message, delivered, with an empty outbox. */
export async function converge(
  fleet: ChaosFleet,
  typed: readonly TypedMessage[],
  timeoutMs: number,
  log: (line: string) => void,
  links: () => string = () => "",
): Promise<boolean> {
  const wanted = typed.map((t) => t.clientMsgNo);
  let scrolled = false;
  let reportAt = Date.now() + 10_000;
  const done = async () => {
    const behind: string[] = [];
    for (const device of fleet.devices) {
      const { db } = device.worker.service.requireUser();
      const [rows, outbox] = await Promise.all([
        db.messages.bulkGet(wanted),
        db.outbox.count(),
      ]);
      const missing = rows.filter((r) => r === undefined).length;
      const pending = rows.filter(
        (r) => r !== undefined && r.status !== "normal",
      ).length;
      if (outbox > 0 || missing > 0 || pending > 0)
        behind.push(
          `${device.worker.name} ${device.worker.service.status().connection}: ${missing} missing, ${pending} pending, outbox ${outbox}`,
        );
    }
    if (behind.length > 0 && Date.now() > reportAt) {
      reportAt = Date.now() + 10_000;
      log(`converging: ${behind.join("; ")}; links: ${links()}`);
    }
    return behind.length === 0;
  };
  const halfway = Date.now() + Math.min(30_000, timeoutMs / 2);
  return waitFor(
    async () => {
      if (await done()) return true;
      if (!scrolled && Date.now() > halfway) {
        // NOTE: a profile that missed the first messages before it had any history shows them when
        // the thread is scrolled to the top (loadOlder); holes above the oldest row it must fill itself.
        scrolled = true;
        for (const device of fleet.devices) {
          const calls = await fleet.scrollToStart(device);
          if (calls > 0)
            log(
              `${device.worker.name}: scrolled to the top (${calls} loadOlder)`,
            );
        }
      }
      return false;
    },
    timeoutMs,
    1_000,
  );
}

/**
 * After convergence, twice (each user writes once): every profile reads the thread; the writer types
 * a few messages while the reader's profiles look away. Every profile must show the unread count the
 * server has — the reader exactly that many — before and after a reconnect (the conversation sync).
 */
export async function readingRound(
  fleet: ChaosFleet,
  server: ChaosServer,
  users: readonly [ChaosUser, ChaosUser],
  random: Prng,
  typed: TypedMessage[],
  log: (line: string) => void,
): Promise<string[]> {
  const problems: string[] = [];
  const check = async (
    reader: ChaosUser,
    count: number,
    when: string,
  ): Promise<string[]> => {
    const found: string[] = [];
    for (const device of fleet.devices) {
      const want = await serverUnread(server, device.user, device.peer);
      const have = (await fleet.view(device)).conversation?.unread ?? 0;
      if (have !== want)
        found.push(
          `${device.worker.name} ${when}: unread ${have}, the server says ${want}`,
        );
    }
    const peer = users.find((u) => u !== reader)!;
    const want = await serverUnread(server, reader, peer);
    if (want !== count)
      found.push(
        `server ${when}: ${reader.name} has ${want} unread, ${count} were not read`,
      );
    return found;
  };
  /** Polls until the check passes (receipt beats and syncs are asynchronous), then keeps what is left. */
  const settle = async (reader: ChaosUser, count: number, when: string) => {
    let last: string[] = [];
    await waitFor(
      async () => (last = await check(reader, count, when)).length === 0,
      15_000,
      500,
    );
    problems.push(...last);
  };
  for (const [writer, reader] of [users, [users[1], users[0]] as const]) {
    for (const device of fleet.devices) {
      await fleet.focus(device, 0);
      await fleet.leave(device);
    }
    const count = random.int(1, 5);
    const device = fleet.devicesOf(writer)[0]!;
    for (let i = 0; i < count; i++) {
      const tag = `#r${typed.length}`;
      const clientMsgNo = await fleet.type(
        device,
        0,
        `${tag} ${writer.name} reading round`,
      );
      typed.push({
        tag,
        clientMsgNo,
        fromUid: writer.imId,
        toUid: reader.imId,
        device: device.worker.name,
      });
    }
    await fleet.leave(device);
    if (!(await converge(fleet, typed, 60_000, log)))
      problems.push(
        `reading round: ${writer.name}'s messages did not converge`,
      );
    const when = `after ${writer.name} wrote ${count}`;
    await settle(reader, count, when);
    for (const d of fleet.devices)
      await d.worker.tabs[0]!.api.stop({ deliberate: false });
    if (!(await waitFor(() => fleet.connected(), 30_000)))
      problems.push("reading round: the clients did not reconnect");
    await settle(reader, count, `${when}, after a reconnect`);
    log(
      `reading round: ${reader.name} has ${count} unread on the server; ${problems.length} problem(s) so far`,
    );
  }
  return problems;
}
