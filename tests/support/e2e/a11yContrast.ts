// WCAG contrast for the places axe cannot decide (text over gradients, artwork or a translucent
// bar): reads the colours the page really computes and the theme tokens behind them, and names
// every pair below its ratio. Test support.
import type { Page } from "playwright-core";

type Rgb = readonly [number, number, number];

/** `#rrggbb`, `#rgb` or an opaque `rgb()/rgba()` as computed styles give it. */
export function parseColor(value: string): Rgb {
  const text = value.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text)?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? hex.replace(/./g, "$&$&") : hex;
    return [
      parseInt(full.slice(0, 2), 16),
      parseInt(full.slice(2, 4), 16),
      parseInt(full.slice(4, 6), 16),
    ];
  }
  const rgb =
    /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:[,\s/]+([\d.]+))?\s*\)$/.exec(
      text,
    );
  if (rgb !== null && (rgb[4] === undefined || Number(rgb[4]) === 1))
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`not an opaque colour: ${value}`);
}

function luminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** The WCAG 2 contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(parseColor(a));
  const lb = luminance(parseColor(b));
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export interface ContrastPair {
  label: string;
  /** CSS selector of the text element (its computed `color` is used). */
  text: string;
  /** Theme tokens (custom properties on <html>) the text can sit on. */
  backgrounds: readonly string[];
  /** 4.5 for normal text, 3 for large text (24 px, or 18.66 px bold). */
  min: number;
}

/** One line per text/background pair of `pairs` below its ratio on `page`. */
export async function contrastShortfalls(
  page: Page,
  pairs: readonly ContrastPair[],
): Promise<string[]> {
  const failures: string[] = [];
  for (const pair of pairs) {
    const colours = await page.evaluate(
      ({ text, backgrounds }) => {
        const element = document.querySelector(text);
        if (element === null) return null;
        const root = getComputedStyle(document.documentElement);
        return {
          text: getComputedStyle(element).color,
          backgrounds: backgrounds.map((token) => [
            token,
            root.getPropertyValue(token),
          ]),
        };
      },
      { text: pair.text, backgrounds: pair.backgrounds },
    );
    if (colours === null) {
      failures.push(`${pair.label}: no element matches ${pair.text}`);
      continue;
    }
    for (const [token, background] of colours.backgrounds) {
      const ratio = contrastRatio(colours.text, background ?? "");
      if (ratio < pair.min)
        failures.push(
          `${pair.label}: ${colours.text} on ${String(token)} ${String(background)} is ${ratio.toFixed(2)}:1, needs ${pair.min}:1`,
        );
    }
  }
  return failures;
}
