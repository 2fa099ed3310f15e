// Shared by the payment page tests: a browser with a given user agent whose departures to other
// sites (WeChat's pages) are recorded instead of navigating, over the fake API and commerce; and
// the server marking an order paid, seen by the page at its next status poll.
import { act, screen } from "@testing-library/react";
import { pageExit } from "../../../../src/lib/pageExit";
import { installFakeApi, type FakeApi } from "../../../support/ui/fakeApi";
import { installFakeCommerce, type FakeCommerce } from "../../../support/ui/fakeCommerce";
import { resetApp } from "../../../support/ui/renderApp";

export interface PayBrowser {
  api: FakeApi;
  commerce: FakeCommerce;
  assign: ReturnType<typeof vi.fn<(url: string) => void>>;
}

/** Installs the browser before each test (read the fields inside tests). */
export function usePayBrowser(userAgent: string): PayBrowser {
  const world = {} as PayBrowser;
  beforeEach(() => {
    world.api = installFakeApi();
    world.commerce = installFakeCommerce();
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(userAgent);
    world.assign = vi.fn<(url: string) => void>();
    vi.spyOn(pageExit, "assign").mockImplementation(world.assign);
  });
  afterEach(() => {
    resetApp();
  });
  return world;
}

/** The server learns of the payment; with fake timers, the page's next poll shows it paid. */
export async function paidAtNextPoll(
  commerce: FakeCommerce,
  masterOrderNo: string,
): Promise<void> {
  commerce.markPaid(masterOrderNo);
  await act(() => vi.advanceTimersByTimeAsync(2000));
  await screen.findByText("支付成功，法师将如法为您操办。", undefined, {
    timeout: 5000,
  });
}
