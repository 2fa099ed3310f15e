// pollPayStatus with fake timers: one read every 2 s until the server reports paid (or a final
// status), tolerating a few failed reads, stopping when aborted.
import type { PayStatus } from "../../../../src/api/commerce";
import {
  PAY_POLL_MAX_FAILURES,
  pollPayStatus,
} from "../../../../src/features/pay/pollPayStatus";

const status = (over: Partial<PayStatus> = {}): PayStatus => ({
  masterId: 1,
  masterOrderNo: "202611210000000001",
  status: "pending_payment",
  paid: false,
  paidAt: null,
  ...over,
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

it("reads every 2 s and resolves with the first paid status", async () => {
  const answers = [status(), status(), status({ status: "paid", paid: true })];
  const read = vi.fn(() => Promise.resolve(answers.shift() ?? status()));
  const done = pollPayStatus("202611210000000001", {
    signal: new AbortController().signal,
    read,
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(read).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1999);
  expect(read).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(read).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(2000);
  await expect(done).resolves.toMatchObject({ paid: true });
  expect(read).toHaveBeenCalledTimes(3);
});

it("stops at a status that can no longer be paid", async () => {
  const read = vi.fn(() => Promise.resolve(status({ status: "cancelled" })));
  const done = pollPayStatus("202611210000000001", {
    signal: new AbortController().signal,
    read,
  });
  await expect(done).resolves.toMatchObject({
    status: "cancelled",
    paid: false,
  });
});

it("tolerates a few failed reads, then gives up", async () => {
  const read = vi.fn(() => Promise.reject(new Error("offline")));
  const done = pollPayStatus("202611210000000001", {
    signal: new AbortController().signal,
    read,
  });
  const outcome = expect(done).rejects.toThrow("offline");
  await vi.advanceTimersByTimeAsync(2000 * PAY_POLL_MAX_FAILURES);
  await outcome;
  expect(read).toHaveBeenCalledTimes(PAY_POLL_MAX_FAILURES);
});

it("stops reading when aborted", async () => {
  const read = vi.fn(() => Promise.resolve(status()));
  const controller = new AbortController();
  const done = pollPayStatus("202611210000000001", {
    signal: controller.signal,
    read,
  });
  const outcome = expect(done).rejects.toBeDefined();
  await vi.advanceTimersByTimeAsync(0);
  controller.abort();
  await outcome;
  await vi.advanceTimersByTimeAsync(10_000);
  expect(read).toHaveBeenCalledTimes(1);
});

it("given maxWaitMs, resolves with the pending status once that long has passed", async () => {
  const read = vi.fn(() => Promise.resolve(status()));
  const done = pollPayStatus("202611210000000001", {
    signal: new AbortController().signal,
    maxWaitMs: 5000,
    read,
  });
  await vi.advanceTimersByTimeAsync(4000);
  expect(read).toHaveBeenCalledTimes(3);
  await vi.advanceTimersByTimeAsync(2000);
  await expect(done).resolves.toMatchObject({
    status: "pending_payment",
    paid: false,
  });
  expect(read).toHaveBeenCalledTimes(4);
});
