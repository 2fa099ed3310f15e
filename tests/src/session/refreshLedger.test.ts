// The refresh ledger (IndexedDB, fake-indexeddb here): which refresh tokens were spent and the
// newest tokens that replaced them; a missing database means "no record", never an error.
import {
  clearLedger,
  readLedger,
  recordRotation,
  SPENT_KEPT,
  successorIn,
  type RotatedTokens,
} from "../../../src/session/refreshLedger";

const successorOf = async (refreshToken: string) =>
  successorIn(await readLedger(), refreshToken);

function tokens(n: number): RotatedTokens {
  return {
    accessToken: `access-${String(n)}`,
    refreshToken: `refresh-${String(n)}`,
    accessExpiresAt: 1_800_000_000_000 + n,
  };
}

afterEach(async () => {
  await clearLedger();
  vi.unstubAllGlobals();
});

describe("the refresh ledger", () => {
  it("answers the newest tokens for any of the last spent refresh tokens", async () => {
    for (let n = 1; n <= SPENT_KEPT + 2; n += 1)
      await recordRotation(`refresh-${String(n - 1)}`, tokens(n));
    const newest = tokens(SPENT_KEPT + 2);
    // A tab that slept through several rotations jumps to the newest tokens.
    expect(await successorOf("refresh-2")).toEqual(newest);
    expect(await successorOf(`refresh-${String(SPENT_KEPT + 1)}`)).toEqual(
      newest,
    );
    // Older ones are forgotten, the newest is not spent, unknown tokens have no successor.
    expect(await successorOf("refresh-1")).toBeNull();
    expect(await successorOf(newest.refreshToken!)).toBeNull();
    expect(await successorOf("never-issued")).toBeNull();
  });

  it("forgets everything when cleared", async () => {
    await recordRotation("refresh-0", tokens(1));
    await clearLedger();
    expect(await successorOf("refresh-0")).toBeNull();
  });

  it("without IndexedDB it records nothing and answers no successor", async () => {
    vi.stubGlobal("indexedDB", undefined);
    await expect(recordRotation("refresh-0", tokens(1))).resolves.toBe(
      undefined,
    );
    expect(await successorOf("refresh-0")).toBeNull();
  });

  it("a database that fails to open is no record, with a warning", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    vi.stubGlobal("indexedDB", {
      open: () => {
        throw new DOMException("blocked", "SecurityError");
      },
    });
    expect(await readLedger()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
