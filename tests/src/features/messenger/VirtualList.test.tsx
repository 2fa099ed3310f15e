// The windowed list in the DOM: a long list puts only a window of items in the document, each with
// its position in the set; a short one renders whole; the top of the list asks for older items; a
// new item of a shape already measured is placed at its measured height in its first render.
import { render, screen } from "@testing-library/react";
import { useLayoutEffect, useRef } from "react";
import { VirtualList } from "../../../../src/features/messenger/VirtualList";

interface Item {
  id: string;
  text: string;
}

const items = (n: number): Item[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `m${String(i)}`,
    text: `message ${String(i)}`,
  }));

function renderList(list: Item[], onNearTop = vi.fn()) {
  render(
    <VirtualList
      items={list}
      getKey={(item) => item.id}
      estimateSize={() => 60}
      renderItem={(item) => <p>{item.text}</p>}
      label="聊天记录"
      onNearTop={onNearTop}
    />,
  );
  return onNearTop;
}

it("puts only a window of a 10,000-item list in the document: the newest end", () => {
  renderList(items(10_000));
  const list = screen.getByRole("list", { name: "聊天记录" });
  const rendered = screen.getAllByRole("listitem");
  expect(rendered.length).toBeGreaterThan(5);
  expect(rendered.length).toBeLessThan(40);
  expect(rendered[0]?.getAttribute("aria-setsize")).toBe("10000");
  expect(rendered[rendered.length - 1]?.getAttribute("aria-posinset")).toBe(
    "10000",
  );
  expect(rendered[rendered.length - 1]?.textContent).toBe("message 9999");
  expect(list.style.height).toBe(`${String(10_000 * 60)}px`);
  expect(rendered[rendered.length - 1]?.style.bottom).toBe("0px");
});

it("renders a short list whole, pushed to the bottom of the viewport", () => {
  renderList(items(3));
  const rendered = screen.getAllByRole("listitem");
  expect(rendered.map((li) => li.textContent)).toEqual([
    "message 0",
    "message 1",
    "message 2",
  ]);
  // Items are placed from the list's bottom edge, so a short list sits at the bottom of the view.
  expect(rendered.map((li) => li.style.bottom)).toEqual([
    "120px",
    "60px",
    "0px",
  ]);
});

it("asks for older items while the top is in view", () => {
  const onNearTop = renderList(items(50));
  expect(onNearTop).toHaveBeenCalled();
});

it("is a focusable, labelled scroll region for keyboard users", () => {
  renderList(items(5));
  const region = screen.getByRole("region", { name: "聊天记录" });
  expect(region.tabIndex).toBe(0);
});

describe("with layout (every item 50 px high, estimated at 60)", () => {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, "offsetHeight", {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains("vlist-item") ? 50 : 0;
      },
    });
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLElement.prototype, "offsetHeight");
  });

  /** Records, for each item, where the item before it stood when it first rendered. */
  function Probe({ text, seen }: { text: string; seen: Map<string, string> }) {
    const ref = useRef<HTMLParagraphElement>(null);
    useLayoutEffect(() => {
      const above = ref.current?.parentElement?.previousElementSibling;
      if (above instanceof HTMLElement && !seen.has(text))
        seen.set(text, above.style.bottom);
    });
    return <p ref={ref}>{text}</p>;
  }

  const list = (all: Item[], seen: Map<string, string>) => (
    <VirtualList
      items={all}
      getKey={(item) => item.id}
      estimateSize={() => 60}
      renderItem={(item) => <Probe text={item.text} seen={seen} />}
      label="聊天记录"
    />
  );

  it("[#20] places a new item at the height its estimate's items measured, in its first render", () => {
    const seen = new Map<string, string>();
    const { rerender } = render(list(items(3), seen));
    // Measured before the paint: 50 px each, not the 60 estimated (the first render used those).
    expect(
      screen.getAllByRole("listitem").map((li) => li.style.bottom),
    ).toEqual(["100px", "50px", "0px"]);
    expect(seen.get("message 1")).toBe("120px");

    rerender(list(items(4), seen));
    // The item above the new one stood 50 px up from the start: the new one was placed right.
    expect(seen.get("message 3")).toBe("50px");
    expect(
      screen.getAllByRole("listitem").map((li) => li.style.bottom),
    ).toEqual(["150px", "100px", "50px", "0px"]);
  });
});
