// waitReady against a loopback stand-in for WuKongIM's API: a node that is healthy but keeps
// refusing writes in some slots is reported as WukongImSlotsStuck (so startWukongImNode starts a
// new one) instead of eating the whole start timeout; a node whose slots open in time is ready.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { probeUids, waitReady, WukongImSlotsStuck } from "./wukongimNode";
import type { WukongImProcess } from "./wukongimProcess";

const running: WukongImProcess = {
  pid: 0,
  dir: "",
  output: () => "",
  exited: new Promise<never>(() => undefined),
  isRunning: () => true,
  stop: () => Promise.resolve(),
  kill9: () => Promise.resolve(),
};

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

/** /health ok; /user/token ok for uids `writable` says yes to, else WuKongIM's 400. */
async function fakeNode(writable: (uid: string) => boolean): Promise<string> {
  const listening = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      if (request.url === "/health") {
        response.end(JSON.stringify({ status: "ok" }));
        return;
      }
      const { uid } = JSON.parse(body) as { uid: string };
      if (writable(uid)) {
        response.end(JSON.stringify({ status: 200 }));
        return;
      }
      response.statusCode = 400;
      response.end(
        JSON.stringify({ msg: "context deadline exceeded", status: 400 }),
      );
    });
  });
  server = listening;
  await new Promise<void>((resolve) =>
    listening.listen(0, "127.0.0.1", resolve),
  );
  return `http://127.0.0.1:${String((listening.address() as AddressInfo).port)}`;
}

describe("waitReady", () => {
  it("reports a healthy node with a stuck slot once the slot window has passed", async () => {
    const stuck = probeUids()[5];
    const url = await fakeNode((uid) => uid !== stuck);
    const started = Date.now();
    const error = await waitReady(url, running, 20_000, 600).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(WukongImSlotsStuck);
    expect(String(error)).toContain("not writable in every slot within 600 ms");
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it("is ready once every slot takes a write", async () => {
    const opensAt = Date.now() + 300;
    const url = await fakeNode(() => Date.now() >= opensAt);
    await expect(
      waitReady(url, running, 20_000, 5_000),
    ).resolves.toBeUndefined();
  });
});
