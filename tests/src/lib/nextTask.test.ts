// nextTask: the function runs in a later task, after the current one and its microtasks, once.
import { expect, test } from "vitest";
import { nextTask } from "../../../src/lib/nextTask";

test("runs after the current task and its microtasks, once", async () => {
  const order: string[] = [];
  nextTask(() => order.push("task"));
  order.push("sync");
  await Promise.resolve();
  order.push("microtask");
  expect(order).toEqual(["sync", "microtask"]);
  await new Promise<void>((resolve) => {
    nextTask(resolve);
  });
  expect(order).toEqual(["sync", "microtask", "task"]);
});
