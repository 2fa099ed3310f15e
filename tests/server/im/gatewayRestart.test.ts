// Durability across restarts. In-process: a clientMsgNo resent to a restarted server on the same
// database gets the original ids. Child process: (1) the server SIGKILLs itself in the gateway's
// afterCommit hook (committed, SENDACK never written), the client resends after a restart and the
// message is stored once; (2) the test SIGKILLs a server in the middle of a stream of sends, then
// every un-acked message is resent: all stored exactly once, seqs contiguous, acked ids unchanged.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Op } from "#protocol";
import { call } from "../../support/server/accountsApi";
import { freePort } from "../../support/e2e/serverProcess";
import { testClock } from "../../support/testClock";
import {
  createTestDatabase,
  describeEachDatabase,
  type TestDatabase,
} from "../../support/server/testDb";
import { storedMessages } from "../../support/server/im/imQueries";
import { ImTestClient, randomClientMsgNo } from "../../support/server/im/ImTestClient";
import { type ImUser, signIn, startImServer } from "../../support/server/im/imServer";

const text = (content: string) => ({ content, type: 1 });

describeEachDatabase("IM gateway: restart (in process)", (database) => {
  const clock = testClock();
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(database);
  });
  afterAll(() => db.close());

  it("a duplicate clientMsgNo after a restart gets the original ids; new ids keep growing", async () => {
    const first = await startImServer({ database, reuseDatabase: db, clock });
    const alice = await signIn(first, clock);
    const bob = await signIn(first, clock);
    const clientMsgNo = randomClientMsgNo();
    const c1 = await ImTestClient.connect(first.imUrl, {
      uid: alice.imId,
      token: alice.imToken,
    });
    const original = await c1.sendAndAck(text("before restart"), {
      channelId: bob.imId,
      clientMsgNo,
    });
    expect(original.reasonCode).toBe(1);
    await first.close();
    expect((await c1.closed).code).toBe(1001);

    const second = await startImServer({ database, reuseDatabase: db, clock });
    try {
      const c2 = await ImTestClient.connect(second.imUrl, {
        uid: alice.imId,
        token: alice.imToken,
        version: 2,
      });
      const resent = await c2.sendAndAck(text("before restart"), {
        channelId: bob.imId,
        clientMsgNo,
      });
      expect(resent).toMatchObject({
        reasonCode: 1,
        messageID: original.messageID,
        messageSeq: 1,
      });
      const next = await c2.sendAndAck(text("after restart"), {
        channelId: bob.imId,
      });
      expect(next.messageSeq).toBe(2);
      expect(next.messageID > original.messageID).toBe(true);
      expect(await storedMessages(second.db, alice.imId)).toHaveLength(2);
      c2.kill();
    } finally {
      await second.close();
    }
  });
});

interface Child {
  process: ChildProcess;
  baseUrl: string;
  imUrl: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function startChild(
  env: Record<string, string>,
  port: number,
  crashAfterCommit: boolean,
): Promise<Child> {
  const child = spawn(
    process.execPath,
    [
      // NOTE: tsx as a loader in this very process (its CLI would fork a grandchild that a
      // SIGKILL of the child would orphan).
      "--import",
      "tsx",
      "tests/support/server/im/imServerProcess.ts",
      ...(crashAfterCommit ? ["--crash-after-commit"] : []),
    ],
    {
      cwd: process.cwd(),
      env: {
        ...process.env,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PORT: String(port),
        TRUST_PROXY: "on",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  const exited = new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
  }>((resolve) =>
    child.once("exit", (code, signal) => {
      resolve({ code, signal });
    }),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server did not start:\n${output}`));
    }, 60_000);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes("LISTENING")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  return {
    process: child,
    baseUrl: `http://127.0.0.1:${port}`,
    imUrl: `ws://127.0.0.1:${port}/im`,
    exited,
  };
}

async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode === null && child.process.signalCode === null)
    child.process.kill("SIGTERM");
  await child.exited;
}

// Two server processes per test, each started through tsx and, on PGlite, a WASM database: about
// 15 s on a quiet machine, but twice that on two busy cores.
const CHILD_TEST_MS = 90_000;

describeEachDatabase(
  "IM gateway: SIGKILL between commit and SENDACK (child process)",
  (database) => {
    const clock = testClock();
    let env: Record<string, string>;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      if (database === "pg") {
        const pgDb = await createTestDatabase("pg", { seed: false });
        env = { DATABASE_URL: pgDb.url! };
        cleanup = () => pgDb.close();
      } else {
        const dir = await mkdtemp(join(tmpdir(), "fuyuan-im-crash-"));
        env = { DATA_DIR: dir };
        cleanup = () => rm(dir, { recursive: true, force: true });
      }
    });
    afterEach(() => cleanup());

    it(
      "the message committed before the kill is stored once when the client resends it",
      async () => {
        const port = await freePort();
        const crashing = await startChild(env, port, true);
        let alice: ImUser;
        let bob: ImUser;
        try {
          alice = await signIn(crashing, clock);
          bob = await signIn(crashing, clock);
        } catch (error) {
          await stopChild(crashing);
          throw error;
        }
        const clientMsgNo = randomClientMsgNo();
        const before = await ImTestClient.connect(crashing.imUrl, {
          uid: alice.imId,
          token: alice.imToken,
        });
        const sent = before.send(text("committed, never acked"), {
          channelId: bob.imId,
          clientMsgNo,
        });
        const died = await crashing.exited;
        expect(died.signal).toBe("SIGKILL");
        await before.closed;
        expect(before.inbox.filter((f) => f.op === Op.SENDACK)).toEqual([]);

        const restarted = await startChild(env, port, false);
        try {
          const sync = () =>
            call(restarted, "POST", "wuKong/v1/messageSync", {
              token: bob.tokens.app_token,
              body: {
                login_uid: bob.imId,
                channel_id: alice.imId,
                channel_type: 1,
                limit: 10,
              },
            });
          // NOTE: the commit survived the kill: the message is there before anything is resent.
          const survived = await sync();
          expect(
            survived.body.data.messages.map((m: any) => m.client_msg_no),
          ).toEqual([clientMsgNo]);
          const after = await ImTestClient.connect(restarted.imUrl, {
            uid: alice.imId,
            token: alice.imToken,
            version: 5,
          });
          const resent = await after.sendAndAck(
            text("committed, never acked"),
            {
              channelId: bob.imId,
              clientMsgNo,
              clientSeq: sent.clientSeq,
            },
          );
          expect(resent).toMatchObject({ reasonCode: 1, messageSeq: 1 });
          const next = await after.sendAndAck(text("next"), {
            channelId: bob.imId,
          });
          expect(next.messageSeq).toBe(2);
          const history = await sync();
          expect(history.status).toBe(200);
          expect(
            history.body.data.messages.map((m: any) => [
              m.message_idstr,
              m.message_seq,
              m.client_msg_no,
            ]),
          ).toEqual([
            [resent.messageID.toString(), 1, clientMsgNo],
            [next.messageID.toString(), 2, expect.any(String)],
          ]);
          after.kill();
        } finally {
          await stopChild(restarted);
        }
      },
      CHILD_TEST_MS,
    );

    it(
      "a kill in the middle of a stream of sends: after resending the un-acked ones, each is stored once, seqs contiguous",
      async () => {
        const port = await freePort();
        const first = await startChild(env, port, false);
        let alice: ImUser;
        let bob: ImUser;
        try {
          alice = await signIn(first, clock);
          bob = await signIn(first, clock);
        } catch (error) {
          await stopChild(first);
          throw error;
        }
        // NOTE: below the default burst (200), so the rate limit never answers 22 here.
        const total = 150;
        const numbers = Array.from({ length: total }, () =>
          randomClientMsgNo(),
        );
        const acked = new Map<string, { id: bigint; seq: number }>();
        const client = await ImTestClient.connect(first.imUrl, {
          uid: alice.imId,
          token: alice.imToken,
        });
        client.ws.on("message", () => {
          for (const f of client.inbox.splice(0)) {
            if (f.op === Op.SENDACK && f.reasonCode === 1)
              acked.set(numbers[f.clientSeq - 1]!, {
                id: f.messageID,
                seq: f.messageSeq,
              });
          }
          if (acked.size >= 40 && first.process.signalCode === null)
            first.process.kill("SIGKILL");
        });
        let next = 0;
        const pump = setInterval(() => {
          for (
            let k = 0;
            k < 3 && next < total && !client.isClosed;
            k++, next++
          )
            client.send(text(`stream ${next}`), {
              channelId: bob.imId,
              clientMsgNo: numbers[next]!,
              clientSeq: next + 1,
            });
        }, 2);
        expect((await first.exited).signal).toBe("SIGKILL");
        await client.closed;
        clearInterval(pump);
        const ackedBeforeKill = new Map(acked);
        expect(ackedBeforeKill.size).toBeGreaterThanOrEqual(40);
        expect(ackedBeforeKill.size).toBeLessThan(total);

        const second = await startChild(env, port, false);
        try {
          const again = await ImTestClient.connect(second.imUrl, {
            uid: alice.imId,
            token: alice.imToken,
          });
          const results = new Map<string, { id: bigint; seq: number }>();
          for (let i = 0; i < total; i++) {
            if (ackedBeforeKill.has(numbers[i]!)) continue;
            const ack = await again.sendAndAck(text(`stream ${i}`), {
              channelId: bob.imId,
              clientMsgNo: numbers[i]!,
              clientSeq: i + 1,
            });
            expect(ack.reasonCode).toBe(1);
            results.set(numbers[i]!, {
              id: ack.messageID,
              seq: ack.messageSeq,
            });
          }
          for (const [no, before] of ackedBeforeKill) {
            const ack = await again.sendAndAck(text("dup"), {
              channelId: bob.imId,
              clientMsgNo: no,
            });
            expect({ id: ack.messageID, seq: ack.messageSeq }).toEqual(before);
          }
          const history = await call(second, "POST", "wuKong/v1/messageSync", {
            token: bob.tokens.app_token,
            body: {
              login_uid: bob.imId,
              channel_id: alice.imId,
              channel_type: 1,
              limit: 1000,
              pull_mode: 1,
              start_message_seq: 1,
            },
          });
          const messages = history.body.data.messages as {
            client_msg_no: string;
            message_seq: number;
          }[];
          expect(messages.map((m) => m.message_seq)).toEqual(
            Array.from({ length: total }, (_, i) => i + 1),
          );
          expect(new Set(messages.map((m) => m.client_msg_no))).toEqual(
            new Set(numbers),
          );
          again.kill();
        } finally {
          await stopChild(second);
        }
      },
      CHILD_TEST_MS,
    );
  },
);
