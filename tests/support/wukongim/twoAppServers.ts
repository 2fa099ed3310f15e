// The scale-out shape of README "Scaling out" for a test: one real WuKongIM node and two app servers
// with IM_ENGINE=wukongim on one database, WuKongIM's webhooks going to server A only (its port is
// picked first so the node's webhook URL can name it). Resolve the binary with wukongimBinary()
// first, so a machine without Go skips instead of failing.
import { freePort } from "../e2e/serverProcess";
import type { TestDatabaseKind } from "../server/testDb";
import {
  startTestServer,
  type TestServer,
} from "../server/testServer";
import {
  startWukongImNode,
  type WukongImNode,
} from "./wukongimNode";

export interface TwoAppServers {
  node: WukongImNode;
  /** Receives WuKongIM's webhooks. */
  a: TestServer;
  /** Same database and WuKongIM, no webhooks. */
  b: TestServer;
  /** Closes both servers (and the database), then stops the node. */
  close(): Promise<void>;
}

export async function startTwoAppServers(options: {
  binary: string;
  database: TestDatabaseKind;
  /** WUKONGIM_WEBHOOK_SECRET: 32+ characters of A-Z a-z 0-9 - _. */
  secret: string;
}): Promise<TwoAppServers> {
  const port = await freePort();
  const node = await startWukongImNode({
    binary: options.binary,
    webhookUrl: `http://127.0.0.1:${String(port)}/api/app/im/v1/webhook/${options.secret}`,
  });
  const env = {
    IM_ENGINE: "wukongim",
    WUKONGIM_API_URL: node.apiUrl,
    WUKONGIM_WS_URL: node.wsUrl,
    WUKONGIM_WEBHOOK_SECRET: options.secret,
  };
  try {
    const a = await startTestServer({
      database: options.database,
      env: { ...env, PORT: String(port) },
    });
    try {
      const b = await startTestServer({ reuseDatabase: a.database, env });
      return {
        node,
        a,
        b,
        close: async () => {
          await b.close();
          await a.close();
          await node.stop();
        },
      };
    } catch (error) {
      await a.close();
      throw error;
    }
  } catch (error) {
    await node.stop();
    throw error;
  }
}
