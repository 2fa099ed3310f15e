// The router tells the PWA layer when its first page is shown (#20): the offline cache waits for
// it (afterPageSettled), and it settles whichever screen that page is, here the 404 screen.
import { createMemoryHistory } from "@tanstack/react-router";
import { firstPageShown } from "../../../src/pwa/routeHooks";
import { createAppRouter } from "../../../src/router/createAppRouter";

it("settles firstPageShown once the router has resolved its first page", async () => {
  let shown = false;
  void firstPageShown.then(() => {
    shown = true;
  });
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: ["/no-such-page"] }),
  });
  await Promise.resolve();
  expect(shown).toBe(false);
  await router.load();
  await vi.waitFor(() => {
    expect(shown).toBe(true);
  });
});
