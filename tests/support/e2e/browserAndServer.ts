// One Chromium and one real server process for a browser test file: started before its tests,
// stopped after them. Read `browser` and `server` inside tests (they exist from beforeAll on).
import { afterAll, beforeAll } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser } from "./browser";
import { startServerProcess, type ServerProcess } from "./serverProcess";

export interface BrowserAndServer {
  readonly browser: Browser;
  readonly server: ServerProcess;
}

export function useBrowserAndServer(): BrowserAndServer {
  const world = {} as { browser: Browser; server: ServerProcess };
  beforeAll(async () => {
    world.browser = await launchBrowser();
    world.server = await startServerProcess();
  });
  afterAll(async () => {
    await world.server.stop();
    await world.browser.close();
  });
  return world;
}
