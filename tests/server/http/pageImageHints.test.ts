// A page's first images as its data last named them (server/http/pageImageHints.ts, #20): the first
// visit of a page waits for its answer, later ones get the last known images at once while the
// answer is loaded again beside them; failures change nothing, and only MAX_PAGES pages are kept.
import { createPageImageHints } from "../../../server/http/pageImageHints";

/** A load the test answers when it chooses, counting how often it was started. */
function controlledLoad() {
  const answers: ((images: readonly string[] | undefined) => void)[] = [];
  const failures: ((error: Error) => void)[] = [];
  const load = vi.fn(
    () =>
      new Promise<readonly string[] | undefined>((resolve, reject) => {
        answers.push(resolve);
        failures.push(reject);
      }),
  );
  return {
    load,
    answer: (images: readonly string[] | undefined) =>
      answers.shift()?.(images),
    fail: () => failures.shift()?.(new Error("inject failed")),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("page image hints", () => {
  it("waits for a page's first answer, then answers at once and loads again beside", async () => {
    const hints = createPageImageHints();
    const first = controlledLoad();
    const waiting = hints.of("/home", first.load);
    await settle();
    expect(first.load).toHaveBeenCalledTimes(1);
    first.answer(["/a.svg"]);
    await expect(waiting).resolves.toEqual(["/a.svg"]);

    // Never answered: the page is still answered with what was known.
    const second = controlledLoad();
    await expect(hints.of("/home", second.load)).resolves.toEqual(["/a.svg"]);
    await settle();
    expect(second.load).toHaveBeenCalledTimes(1);
    second.answer(["/b.svg"]);
    await settle();
    const third = controlledLoad();
    await expect(hints.of("/home", third.load)).resolves.toEqual(["/b.svg"]);
  });

  it("shares one load among pages asked for while it runs", async () => {
    const hints = createPageImageHints();
    const load = controlledLoad();
    const asked = [hints.of("/p/1", load.load), hints.of("/p/1", load.load)];
    await settle();
    expect(load.load).toHaveBeenCalledTimes(1);
    load.answer(["/p.svg"]);
    await expect(Promise.all(asked)).resolves.toEqual([["/p.svg"], ["/p.svg"]]);
  });

  it("keeps what it knew when a load fails, and answers none when it never knew", async () => {
    const hints = createPageImageHints();
    const failing = controlledLoad();
    const unknown = hints.of("/p/2", failing.load);
    await settle();
    failing.fail();
    await expect(unknown).resolves.toEqual([]);

    const ok = controlledLoad();
    const known = hints.of("/p/2", ok.load);
    await settle();
    ok.answer(["/two.svg"]);
    await expect(known).resolves.toEqual(["/two.svg"]);
    const undefinedAnswer = controlledLoad();
    await expect(hints.of("/p/2", undefinedAnswer.load)).resolves.toEqual([
      "/two.svg",
    ]);
    await settle();
    undefinedAnswer.answer(undefined);
    const thrown = controlledLoad();
    await expect(hints.of("/p/2", thrown.load)).resolves.toEqual(["/two.svg"]);
    await settle();
    thrown.fail();
    await settle();
    const gone = controlledLoad();
    await expect(hints.of("/p/2", gone.load)).resolves.toEqual(["/two.svg"]);
    await settle();
    // A product that is gone: its answer names no images, and that is kept.
    gone.answer([]);
    await settle();
    await expect(hints.of("/p/2", controlledLoad().load)).resolves.toEqual([]);
  });

  it("forgets the page asked for least recently beyond its limit", async () => {
    const hints = createPageImageHints(2);
    const learn = async (url: string, images: string[]) => {
      const load = controlledLoad();
      const asked = hints.of(url, load.load);
      await settle();
      load.answer(images);
      await asked;
      await settle();
    };
    await learn("/p/1", ["/1.svg"]);
    await learn("/p/2", ["/2.svg"]);
    // Asking for /p/1 again makes /p/2 the least recently asked.
    const again = controlledLoad();
    await expect(hints.of("/p/1", again.load)).resolves.toEqual(["/1.svg"]);
    again.answer(["/1.svg"]);
    await settle();
    await learn("/p/3", ["/3.svg"]);

    const forgotten = controlledLoad();
    const waiting = hints.of("/p/2", forgotten.load);
    let answered = false;
    void waiting.then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    forgotten.answer(["/2b.svg"]);
    await expect(waiting).resolves.toEqual(["/2b.svg"]);
    await expect(hints.of("/p/3", controlledLoad().load)).resolves.toEqual([
      "/3.svg",
    ]);
  });
});
