// Generates the seed content's SVG artwork into public/images/ (temples, monks, avatars, product
// covers, news scenes) in the warm temple palette. Deterministic: re-running rewrites the same
// files. Run: npx tsx scripts/generate-art.ts
// NOTE: one file on purpose (over 500 lines): the drawing primitives exist only for this
// catalogue, and a single script is what the seed artwork brief asked for.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = fileURLToPath(new URL("../public/images/", import.meta.url));

const C = {
  brown: "#75502F",
  dark: "#5C3F25",
  taupe: "#9E846D",
  gold: "#C9A227",
  paleGold: "#E8C872",
  vermilion: "#C8432B",
  deepRed: "#8E2A1B",
  cream: "#F6EDDC",
  paper: "#FBF6EE",
  ink: "#3B2A1A",
  jade: "#5E7D64",
  water: "#7C9BA6",
  night: "#2E2A3A",
} as const;

// ---- primitives -------------------------------------------------------------------------------

function svg(
  width: number,
  height: number,
  title: string,
  body: string,
  defs = "",
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${title}">` +
    `<title>${title}</title>${defs ? `<defs>${defs}</defs>` : ""}${body}</svg>\n`
  );
}

function linear(
  id: string,
  stops: [string, string][],
  vertical = true,
): string {
  const dir = vertical
    ? 'x1="0" y1="0" x2="0" y2="1"'
    : 'x1="0" y1="0" x2="1" y2="0"';
  return `<linearGradient id="${id}" ${dir}>${stops.map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`).join("")}</linearGradient>`;
}

function radial(id: string, inner: string, outer: string): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}" stop-opacity="0"/></radialGradient>`;
}

/** A roof with upturned eaves, centred on cx, eave line at y. */
function roof(
  cx: number,
  y: number,
  w: number,
  h: number,
  fill: string,
): string {
  const l = cx - w / 2;
  const r = cx + w / 2;
  return (
    `<path d="M${l},${y} Q${l + w * 0.12},${y - h * 0.15} ${l + w * 0.22},${y - h * 0.55} L${cx},${y - h} ` +
    `L${r - w * 0.22},${y - h * 0.55} Q${r - w * 0.12},${y - h * 0.15} ${r},${y} ` +
    `Q${cx},${y - h * 0.28} ${l},${y} Z" fill="${fill}"/>`
  );
}

/** A temple hall: platform, columns, doors and one or two roofs. */
function hall(
  cx: number,
  base: number,
  w: number,
  tiers: number,
  wall: string = C.vermilion,
): string {
  const bodyH = w * 0.32;
  let out = `<rect x="${cx - w * 0.55}" y="${base}" width="${w * 1.1}" height="${w * 0.06}" fill="${C.taupe}"/>`;
  out += `<rect x="${cx - w * 0.4}" y="${base - bodyH}" width="${w * 0.8}" height="${bodyH}" fill="${wall}"/>`;
  for (let i = 0; i <= 4; i++) {
    const x = cx - w * 0.4 + (i * w * 0.8) / 4;
    out += `<rect x="${x - w * 0.012}" y="${base - bodyH}" width="${w * 0.024}" height="${bodyH}" fill="${C.deepRed}"/>`;
  }
  out += `<rect x="${cx - w * 0.07}" y="${base - bodyH * 0.72}" width="${w * 0.14}" height="${bodyH * 0.72}" fill="${C.dark}"/>`;
  out += `<circle cx="${cx}" cy="${base - bodyH * 0.9}" r="${w * 0.03}" fill="${C.gold}"/>`;
  let top = base - bodyH;
  for (let t = 0; t < tiers; t++) {
    const rw = w * (1.05 - t * 0.28);
    out += roof(cx, top + w * 0.02, rw, w * 0.2, C.dark);
    if (t < tiers - 1) {
      out += `<rect x="${cx - rw * 0.3}" y="${top - w * 0.2}" width="${rw * 0.6}" height="${w * 0.08}" fill="${wall}"/>`;
    }
    top -= w * 0.14;
  }
  out += `<circle cx="${cx}" cy="${top + w * 0.05}" r="${w * 0.018}" fill="${C.gold}"/>`;
  return out;
}

/** A square multi-storey pagoda. */
function pagoda(
  cx: number,
  base: number,
  w: number,
  storeys: number,
  body: string = C.cream,
): string {
  let out = "";
  let y = base;
  for (let s = 0; s < storeys; s++) {
    const sw = w * (1 - s * 0.09);
    const sh = w * (s === 0 ? 0.5 : 0.32);
    out += `<rect x="${cx - sw / 2}" y="${y - sh}" width="${sw}" height="${sh}" fill="${body}"/>`;
    out += `<rect x="${cx - sw * 0.08}" y="${y - sh * 0.7}" width="${sw * 0.16}" height="${sh * 0.45}" rx="${sw * 0.08}" fill="${C.dark}"/>`;
    y -= sh;
    out += roof(cx, y + w * 0.04, sw * 1.35, w * 0.16, C.dark);
    y -= w * 0.06;
  }
  out += `<rect x="${cx - w * 0.015}" y="${y - w * 0.35}" width="${w * 0.03}" height="${w * 0.35}" fill="${C.gold}"/>`;
  for (let i = 0; i < 3; i++) {
    out += `<circle cx="${cx}" cy="${y - w * (0.1 + i * 0.09)}" r="${w * (0.06 - i * 0.012)}" fill="${C.gold}"/>`;
  }
  return out;
}

function mountains(
  width: number,
  height: number,
  base: number,
  peaks: number[],
  fill: string,
): string {
  const step = width / (peaks.length - 1);
  let d = `M0,${height} L0,${base - (peaks[0] ?? 0)}`;
  peaks.forEach((p, i) => {
    if (i === 0) return;
    const x = i * step;
    d += ` Q${x - step / 2},${base - p - 30} ${x},${base - p}`;
  });
  return `<path d="${d} L${width},${height} Z" fill="${fill}"/>`;
}

function cloud(
  x: number,
  y: number,
  s: number,
  fill: string = C.paper,
  opacity = 0.85,
): string {
  return (
    `<g fill="${fill}" opacity="${opacity}"><ellipse cx="${x}" cy="${y}" rx="${s * 1.6}" ry="${s * 0.55}"/>` +
    `<circle cx="${x - s * 0.5}" cy="${y - s * 0.25}" r="${s * 0.5}"/><circle cx="${x + s * 0.4}" cy="${y - s * 0.35}" r="${s * 0.6}"/></g>`
  );
}

function lotus(
  cx: number,
  cy: number,
  s: number,
  fill: string = C.vermilion,
): string {
  const petal = (angle: number, len: number, color: string) =>
    `<path d="M${cx},${cy} Q${cx - s * 0.35},${cy - len * 0.55} ${cx},${cy - len} Q${cx + s * 0.35},${cy - len * 0.55} ${cx},${cy} Z" fill="${color}" transform="rotate(${angle} ${cx} ${cy})"/>`;
  return (
    `<g>${petal(-60, s * 0.8, C.taupe)}${petal(60, s * 0.8, C.taupe)}${petal(-30, s, fill)}${petal(30, s, fill)}${petal(0, s * 1.1, fill)}` +
    `<ellipse cx="${cx}" cy="${cy}" rx="${s * 0.7}" ry="${s * 0.12}" fill="${C.jade}"/></g>`
  );
}

function flame(cx: number, cy: number, s: number): string {
  return (
    `<circle cx="${cx}" cy="${cy - s * 0.4}" r="${s * 1.6}" fill="url(#glow)"/>` +
    `<path d="M${cx},${cy - s * 1.3} Q${cx + s * 0.6},${cy - s * 0.4} ${cx},${cy} Q${cx - s * 0.6},${cy - s * 0.4} ${cx},${cy - s * 1.3} Z" fill="${C.paleGold}"/>` +
    `<path d="M${cx},${cy - s * 0.8} Q${cx + s * 0.25},${cy - s * 0.3} ${cx},${cy} Q${cx - s * 0.25},${cy - s * 0.3} ${cx},${cy - s * 0.8} Z" fill="${C.vermilion}"/>`
  );
}

function lantern(cx: number, top: number, s: number): string {
  return (
    `<line x1="${cx}" y1="${top - s}" x2="${cx}" y2="${top}" stroke="${C.dark}" stroke-width="${s * 0.06}"/>` +
    `<rect x="${cx - s * 0.35}" y="${top}" width="${s * 0.7}" height="${s * 0.12}" fill="${C.gold}"/>` +
    `<ellipse cx="${cx}" cy="${top + s * 0.6}" rx="${s * 0.6}" ry="${s * 0.5}" fill="${C.vermilion}"/>` +
    `<ellipse cx="${cx}" cy="${top + s * 0.6}" rx="${s * 0.25}" ry="${s * 0.5}" fill="none" stroke="${C.deepRed}" stroke-width="${s * 0.04}"/>` +
    `<rect x="${cx - s * 0.35}" y="${top + s * 1.05}" width="${s * 0.7}" height="${s * 0.12}" fill="${C.gold}"/>` +
    `<line x1="${cx}" y1="${top + s * 1.17}" x2="${cx}" y2="${top + s * 1.5}" stroke="${C.gold}" stroke-width="${s * 0.08}"/>`
  );
}

function bell(cx: number, top: number, s: number): string {
  return (
    `<rect x="${cx - s * 0.15}" y="${top}" width="${s * 0.3}" height="${s * 0.18}" fill="${C.dark}"/>` +
    `<path d="M${cx - s * 0.5},${top + s * 1.2} Q${cx - s * 0.5},${top + s * 0.15} ${cx},${top + s * 0.15} Q${cx + s * 0.5},${top + s * 0.15} ${cx + s * 0.5},${top + s * 1.2} L${cx + s * 0.62},${top + s * 1.35} L${cx - s * 0.62},${top + s * 1.35} Z" fill="${C.brown}"/>` +
    `<rect x="${cx - s * 0.46}" y="${top + s * 0.55}" width="${s * 0.92}" height="${s * 0.05}" fill="${C.gold}"/>` +
    `<rect x="${cx - s * 0.52}" y="${top + s * 1.0}" width="${s * 1.04}" height="${s * 0.05}" fill="${C.gold}"/>` +
    `<circle cx="${cx}" cy="${top + s * 0.8}" r="${s * 0.1}" fill="${C.paleGold}"/>`
  );
}

function waves(
  width: number,
  y: number,
  fill: string,
  amp = 8,
  period = 80,
): string {
  let d = `M0,${y}`;
  for (let x = 0; x < width; x += period) {
    d += ` q${period / 4},${-amp} ${period / 2},0 t${period / 2},0`;
  }
  return `<path d="${d} V${y + 400} H0 Z" fill="${fill}"/>`;
}

function fish(
  cx: number,
  cy: number,
  s: number,
  fill: string,
  flip = false,
): string {
  const t = flip ? ` transform="scale(-1,1) translate(${-2 * cx},0)"` : "";
  return (
    `<g${t}><path d="M${cx - s},${cy} Q${cx - s * 0.2},${cy - s * 0.6} ${cx + s * 0.6},${cy} Q${cx - s * 0.2},${cy + s * 0.6} ${cx - s},${cy} Z" fill="${fill}"/>` +
    `<path d="M${cx + s * 0.5},${cy} L${cx + s},${cy - s * 0.35} L${cx + s * 0.9},${cy} L${cx + s},${cy + s * 0.35} Z" fill="${fill}"/>` +
    `<circle cx="${cx - s * 0.6}" cy="${cy - s * 0.08}" r="${s * 0.07}" fill="${C.paper}"/></g>`
  );
}

const GLOW = radial("glow", C.paleGold, C.paleGold);

// ---- temples ----------------------------------------------------------------------------------

function templeScene(
  kind: "lingyin" | "baima" | "hanshan",
  title: string,
): string {
  const W = 640;
  const H = 400;
  const defs =
    linear("sky", [
      ["0", "#F3DDB8"],
      ["1", C.paper],
    ]) + GLOW;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  body += `<circle cx="500" cy="90" r="46" fill="${C.paleGold}" opacity="0.9"/>`;
  body += cloud(150, 80, 26) + cloud(420, 130, 18);
  if (kind === "lingyin") {
    body += mountains(W, H, 300, [90, 170, 120, 190, 110, 80], C.taupe);
    body += mountains(W, H, 330, [40, 90, 60, 100, 50], C.jade);
    body += hall(320, 330, 300, 2);
    for (const x of [70, 120, 540, 590]) {
      body += `<rect x="${x - 4}" y="290" width="8" height="50" fill="${C.dark}"/><circle cx="${x}" cy="280" r="28" fill="#3F5A45"/>`;
    }
  } else if (kind === "baima") {
    body += mountains(W, H, 320, [40, 70, 50, 80, 45, 60], C.taupe);
    body += pagoda(470, 335, 90, 6);
    body += `<rect x="0" y="300" width="${W}" height="40" fill="${C.vermilion}"/><rect x="0" y="292" width="${W}" height="10" fill="${C.dark}"/>`;
    body += hall(210, 335, 220, 1);
    body += `<g fill="${C.paper}"><ellipse cx="340" cy="360" rx="38" ry="16"/><rect x="318" y="362" width="6" height="24"/><rect x="352" y="362" width="6" height="24"/><path d="M372,356 q18,-20 14,-36 l10,4 q2,20 -14,38 z"/></g>`;
  } else {
    body += mountains(W, H, 300, [30, 60, 40, 70, 35], C.taupe);
    body += hall(420, 300, 200, 2, C.paleGold);
    body += `<g transform="translate(150 300)">${hall(0, 0, 110, 2)}</g>`;
    body += waves(W, 320, C.water, 6, 60);
    body += `<path d="M160,360 Q320,250 480,360" fill="none" stroke="${C.cream}" stroke-width="14"/>`;
    body += `<path d="M210,360 Q320,290 430,360" fill="none" stroke="${C.cream}" stroke-width="4"/>`;
  }
  body += `<rect y="${H - 14}" width="${W}" height="14" fill="${C.dark}"/>`;
  return svg(W, H, title, body, defs);
}

// ---- people -----------------------------------------------------------------------------------

function monkAvatar(
  title: string,
  bg: string,
  robe: string,
  beads: boolean,
  smile: boolean,
): string {
  const S = 256;
  const defs = radial("halo", C.paleGold, C.paleGold);
  let body = `<rect width="${S}" height="${S}" rx="${S / 2}" fill="${bg}"/>`;
  body += `<circle cx="128" cy="104" r="74" fill="url(#halo)" opacity="0.8"/>`;
  body += `<path d="M40,256 Q44,168 128,160 Q212,168 216,256 Z" fill="${robe}"/>`;
  body += `<path d="M100,166 L160,256 L190,256 L128,162 Z" fill="${C.vermilion}" opacity="0.85"/>`;
  body += `<rect x="114" y="136" width="28" height="30" fill="#E9C9A3"/>`;
  body += `<ellipse cx="128" cy="104" rx="44" ry="50" fill="#F0D3B0"/>`;
  body += `<path d="M108,104 q8,6 16,0 M132,104 q8,6 16,0" stroke="${C.ink}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  body += smile
    ? `<path d="M114,124 q14,12 28,0" stroke="${C.deepRed}" stroke-width="3" fill="none" stroke-linecap="round"/>`
    : `<path d="M118,126 q10,6 20,0" stroke="${C.deepRed}" stroke-width="3" fill="none" stroke-linecap="round"/>`;
  body += `<ellipse cx="82" cy="108" rx="7" ry="12" fill="#E9C9A3"/><ellipse cx="174" cy="108" rx="7" ry="12" fill="#E9C9A3"/>`;
  if (beads) {
    for (let i = 0; i < 11; i++) {
      const a = Math.PI * (0.15 + (i / 10) * 0.7);
      body += `<circle cx="${(128 + Math.cos(a) * 52).toFixed(1)}" cy="${(168 + Math.sin(a) * 40).toFixed(1)}" r="6" fill="${C.dark}"/>`;
    }
  }
  return svg(S, S, title, body, defs);
}

function roleAvatar(title: string, bg: string, emblem: string): string {
  const S = 256;
  let body = `<rect width="${S}" height="${S}" rx="${S / 2}" fill="${bg}"/>`;
  body += `<circle cx="128" cy="100" r="42" fill="${C.cream}"/><path d="M52,220 Q60,150 128,148 Q196,150 204,220 Z" fill="${C.cream}"/>`;
  body += emblem;
  return svg(S, S, title, body);
}

// ---- product covers ---------------------------------------------------------------------------

type Category = "lamp" | "incense" | "sutra" | "prayer" | "release" | "plaque";

function productCover(
  title: string,
  category: Category,
  bg: [string, string],
  variant: number,
): string {
  const S = 480;
  const defs =
    linear("bg", [
      ["0", bg[0]],
      ["1", bg[1]],
    ]) + GLOW;
  let body = `<rect width="${S}" height="${S}" fill="url(#bg)"/>`;
  body += `<rect x="18" y="18" width="${S - 36}" height="${S - 36}" fill="none" stroke="${C.gold}" stroke-width="3" opacity="0.7"/>`;
  body += `<rect x="28" y="28" width="${S - 56}" height="${S - 56}" fill="none" stroke="${C.gold}" stroke-width="1" opacity="0.5"/>`;
  switch (category) {
    case "lamp": {
      const count = variant === 0 ? 1 : 3;
      for (let i = 0; i < count; i++) {
        const cx = count === 1 ? 240 : 130 + i * 110;
        const s = count === 1 ? 1 : 0.7;
        body += flame(cx, 250 - (count === 1 ? 20 : 0), 60 * s);
        body += `<path d="M${cx - 90 * s},265 Q${cx},${330 * (s === 1 ? 1.08 : 1.03)} ${cx + 90 * s},265 Z" fill="${C.gold}"/>`;
        body += `<rect x="${cx - 18 * s}" y="300" width="${36 * s}" height="60" fill="${C.brown}"/>`;
        body += `<ellipse cx="${cx}" cy="370" rx="${60 * s}" ry="14" fill="${C.dark}"/>`;
      }
      break;
    }
    case "incense": {
      body += `<path d="M140,300 Q140,390 240,390 Q340,390 340,300 Z" fill="${C.brown}"/>`;
      body += `<rect x="120" y="288" width="240" height="18" rx="9" fill="${C.gold}"/>`;
      body += `<rect x="180" y="388" width="20" height="30" fill="${C.dark}"/><rect x="280" y="388" width="20" height="30" fill="${C.dark}"/>`;
      const sticks = variant === 0 ? [200, 240, 280] : [240];
      for (const x of sticks) {
        body += `<rect x="${x - 3}" y="150" width="6" height="140" fill="${C.vermilion}"/><circle cx="${x}" cy="150" r="5" fill="${C.paleGold}"/>`;
        body += `<path d="M${x},145 q-22,-30 0,-55 q22,-25 -4,-60" fill="none" stroke="${C.cream}" stroke-width="4" opacity="0.7" stroke-linecap="round"/>`;
      }
      break;
    }
    case "sutra": {
      if (variant === 0) {
        body += `<rect x="110" y="150" width="260" height="200" fill="${C.cream}"/>`;
        body += `<rect x="96" y="140" width="24" height="220" rx="10" fill="${C.brown}"/><rect x="360" y="140" width="24" height="220" rx="10" fill="${C.brown}"/>`;
        for (let i = 0; i < 7; i++)
          body += `<rect x="${140 + i * 30}" y="175" width="8" height="${140 - (i % 3) * 25}" fill="${C.ink}" opacity="0.75"/>`;
      } else {
        body += `<rect x="130" y="130" width="220" height="250" fill="${C.cream}" stroke="${C.brown}" stroke-width="6"/>`;
        body += `<rect x="150" y="150" width="180" height="40" fill="${C.vermilion}"/>`;
        for (let i = 0; i < 5; i++)
          body += `<rect x="${165 + i * 32}" y="210" width="8" height="140" fill="${C.ink}" opacity="0.75"/>`;
        body += `<rect x="330" y="90" width="12" height="150" fill="${C.dark}" transform="rotate(25 336 165)"/>`;
      }
      break;
    }
    case "prayer": {
      body += lotus(240, 330, 110, variant === 0 ? C.vermilion : C.paleGold);
      body += `<circle cx="240" cy="170" r="60" fill="url(#glow)"/>`;
      body +=
        variant === 0
          ? `<path d="M200,180 l40,-50 l40,50 l-40,30 Z" fill="${C.gold}"/>`
          : `<circle cx="240" cy="170" r="22" fill="${C.gold}"/>`;
      body += `<path d="M120,120 q30,20 60,0 t60,0" fill="none" stroke="${C.vermilion}" stroke-width="6"/>`;
      break;
    }
    case "release": {
      body += waves(S, 260, C.water, 10, 90);
      body += waves(S, 300, "#6A8A96", 8, 70);
      body += fish(190, 340, 50, C.vermilion);
      body += fish(300, 380, 40, C.gold, true);
      body += fish(330, 320, 30, C.paleGold);
      body += `<circle cx="360" cy="140" r="40" fill="${C.paleGold}" opacity="0.9"/>`;
      break;
    }
    case "plaque": {
      body += `<line x1="240" y1="60" x2="170" y2="130" stroke="${C.vermilion}" stroke-width="6"/><line x1="240" y1="60" x2="310" y2="130" stroke="${C.vermilion}" stroke-width="6"/>`;
      body += `<rect x="150" y="130" width="180" height="250" rx="14" fill="${C.taupe}" stroke="${C.dark}" stroke-width="6"/>`;
      body += `<rect x="175" y="160" width="130" height="190" rx="8" fill="${C.cream}"/>`;
      body += `<circle cx="240" cy="200" r="22" fill="none" stroke="${C.vermilion}" stroke-width="6"/>`;
      for (let i = 0; i < 3; i++)
        body += `<rect x="${205 + i * 30}" y="240" width="8" height="90" fill="${C.ink}" opacity="0.75"/>`;
      body += `<path d="M240,380 l-14,40 M240,380 l14,40" stroke="${C.vermilion}" stroke-width="5"/>`;
      break;
    }
  }
  return svg(S, S, title, body, defs);
}

// ---- news scenes ------------------------------------------------------------------------------

type Scene =
  | "bell"
  | "snow-temple"
  | "lanterns"
  | "pagoda"
  | "tea"
  | "meditation"
  | "incense"
  | "lotus"
  | "river"
  | "calligraphy"
  | "mountain"
  | "moon";

function newsScene(scene: Scene, title: string): string {
  const W = 640;
  const H = 360;
  const night = scene === "moon" || scene === "lanterns";
  const defs =
    linear(
      "sky",
      night
        ? [
            ["0", C.night],
            ["1", C.brown],
          ]
        : [
            ["0", "#F1D9B0"],
            ["1", C.paper],
          ],
    ) + GLOW;
  let body = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  switch (scene) {
    case "bell":
      body += `<rect x="200" y="40" width="240" height="16" fill="${C.dark}"/><rect x="210" y="56" width="14" height="280" fill="${C.vermilion}"/><rect x="416" y="56" width="14" height="280" fill="${C.vermilion}"/>`;
      body += bell(320, 70, 170);
      body += `<rect x="90" y="150" width="140" height="12" rx="6" fill="${C.brown}"/>`;
      break;
    case "snow-temple":
      body += mountains(W, H, 260, [60, 110, 80, 120, 70], "#E9E2D6");
      body += hall(320, 300, 260, 2);
      body += `<path d="M172,212 Q320,150 468,212" fill="none" stroke="${C.paper}" stroke-width="10" stroke-linecap="round"/>`;
      for (let i = 0; i < 40; i++)
        body += `<circle cx="${(i * 97) % W}" cy="${(i * 53) % 300}" r="${2 + (i % 3)}" fill="${C.paper}"/>`;
      break;
    case "lanterns":
      body += `<path d="M0,60 Q320,130 640,60" fill="none" stroke="${C.dark}" stroke-width="4"/>`;
      for (let i = 0; i < 6; i++)
        body +=
          `<circle cx="${60 + i * 104}" cy="${150 + (i % 2) * 14}" r="60" fill="url(#glow)" opacity="0.6"/>` +
          lantern(60 + i * 104, 100 + (i % 2) * 14, 70);
      break;
    case "pagoda":
      body += mountains(W, H, 300, [50, 90, 60, 100, 40], C.taupe);
      body += pagoda(320, 330, 110, 7);
      body += cloud(140, 90, 24) + cloud(500, 70, 20);
      break;
    case "tea":
      body += `<rect y="250" width="${W}" height="110" fill="${C.brown}"/>`;
      body += `<path d="M220,170 h140 v60 q0,50 -70,50 q-70,0 -70,-50 Z" fill="${C.cream}"/><path d="M360,190 q40,0 40,30 q0,30 -40,30" fill="none" stroke="${C.cream}" stroke-width="12"/>`;
      body += `<path d="M260,160 q-12,-28 6,-50 M300,160 q-12,-28 6,-50" stroke="${C.taupe}" stroke-width="5" fill="none"/>`;
      body += `<ellipse cx="470" cy="260" rx="46" ry="12" fill="${C.jade}"/><path d="M430,230 h80 q0,30 -40,30 q-40,0 -40,-30 Z" fill="${C.jade}"/>`;
      break;
    case "meditation":
      body += `<circle cx="320" cy="150" r="110" fill="url(#glow)"/>`;
      body += `<path d="M200,330 Q210,250 320,240 Q430,250 440,330 Z" fill="${C.brown}"/><circle cx="320" cy="180" r="44" fill="#F0D3B0"/>`;
      body += `<path d="M230,320 Q320,290 410,320" stroke="${C.vermilion}" stroke-width="10" fill="none"/>`;
      body += `<rect y="330" width="${W}" height="30" fill="${C.dark}"/>`;
      break;
    case "incense":
      body += `<rect y="280" width="${W}" height="80" fill="${C.dark}"/>`;
      body += `<path d="M230,220 Q230,290 320,290 Q410,290 410,220 Z" fill="${C.gold}"/><rect x="220" y="210" width="200" height="16" rx="8" fill="${C.paleGold}"/>`;
      for (const x of [290, 320, 350])
        body += `<rect x="${x - 3}" y="100" width="6" height="112" fill="${C.vermilion}"/><path d="M${x},96 q-24,-26 0,-50 q20,-22 -6,-46" fill="none" stroke="${C.taupe}" stroke-width="4"/>`;
      break;
    case "lotus":
      body += waves(W, 250, C.water, 6, 70);
      body += lotus(220, 270, 90) + lotus(430, 290, 70, C.paleGold);
      body += `<ellipse cx="330" cy="320" rx="60" ry="14" fill="${C.jade}"/>`;
      break;
    case "river":
      body += mountains(W, H, 220, [40, 80, 50, 90, 30], C.taupe);
      body += waves(W, 230, C.water, 8, 80) + waves(W, 280, "#6A8A96", 6, 60);
      body +=
        fish(240, 310, 36, C.vermilion) + fish(400, 330, 28, C.gold, true);
      break;
    case "calligraphy":
      body += `<rect x="120" y="60" width="400" height="240" fill="${C.cream}" stroke="${C.taupe}" stroke-width="4"/>`;
      for (let i = 0; i < 9; i++)
        body += `<rect x="${160 + i * 38}" y="90" width="10" height="${150 - (i % 4) * 22}" fill="${C.ink}" opacity="0.8"/>`;
      body += `<rect x="470" y="250" width="30" height="30" fill="${C.vermilion}"/>`;
      body += `<rect x="540" y="80" width="14" height="200" fill="${C.dark}" transform="rotate(20 547 180)"/>`;
      break;
    case "mountain":
      body += mountains(W, H, 260, [100, 190, 130, 210, 120, 90], C.taupe);
      body += mountains(W, H, 320, [50, 100, 70, 120, 60], C.jade);
      body += `<g transform="translate(0 -40)">${pagoda(470, 300, 40, 5)}</g>`;
      body += `<path d="M120,360 Q200,300 260,320 T380,270" fill="none" stroke="${C.cream}" stroke-width="6" stroke-dasharray="12 10"/>`;
      body += cloud(180, 120, 26);
      break;
    case "moon":
      body += `<circle cx="460" cy="110" r="64" fill="${C.paleGold}"/><circle cx="460" cy="110" r="110" fill="url(#glow)" opacity="0.4"/>`;
      body += waves(W, 270, "#3D4656", 6, 70);
      body += `<path d="M120,300 Q260,190 400,300" fill="none" stroke="${C.taupe}" stroke-width="14"/>`;
      body += `<rect x="420" y="286" width="110" height="16" rx="8" fill="${C.dark}"/><path d="M440,286 q30,-30 60,0" fill="${C.brown}"/>`;
      break;
  }
  return svg(W, H, title, body, defs);
}

// ---- the catalogue ----------------------------------------------------------------------------

const files: Record<string, string> = {
  "temples/lingyin.svg": templeScene("lingyin", "Lingyin Temple"),
  "temples/baima.svg": templeScene("baima", "White Horse Temple"),
  "temples/hanshan.svg": templeScene("hanshan", "Hanshan Temple"),
  "monks/huiming.svg": monkAvatar(
    "Master Huiming",
    "#EAD7B7",
    C.brown,
    true,
    false,
  ),
  "monks/jingyuan.svg": monkAvatar(
    "Master Jingyuan",
    "#E3CFC0",
    C.taupe,
    false,
    false,
  ),
  "monks/juean.svg": monkAvatar("Master Jue'an", "#EAD7B7", C.dark, true, true),
  "monks/miaoyin.svg": monkAvatar(
    "Master Miaoyin",
    "#F1DFC4",
    "#A0522D",
    false,
    false,
  ),
  "monks/qinghe.svg": monkAvatar(
    "Master Qinghe",
    "#E6D4C3",
    C.brown,
    false,
    true,
  ),
  "monks/deyuan.svg": monkAvatar(
    "Master Deyuan",
    "#DCE3D3",
    C.dark,
    true,
    false,
  ),
  "avatars/user.svg": roleAvatar("Believer", C.taupe, lotus(128, 214, 34)),
  "avatars/service.svg": roleAvatar(
    "Customer service",
    C.jade,
    `<path d="M82,100 q0,-56 46,-56 q46,0 46,56" fill="none" stroke="${C.dark}" stroke-width="10"/><rect x="72" y="96" width="20" height="36" rx="8" fill="${C.dark}"/><rect x="164" y="96" width="20" height="36" rx="8" fill="${C.dark}"/>`,
  ),
  "avatars/manager.svg": roleAvatar(
    "Manager",
    C.brown,
    `<rect x="104" y="176" width="48" height="48" rx="6" fill="${C.vermilion}"/><rect x="116" y="188" width="24" height="24" fill="none" stroke="${C.cream}" stroke-width="4"/>`,
  ),
  "products/bright-lamp.svg": productCover(
    "Lamp of Bright Wisdom",
    "lamp",
    [C.dark, C.brown],
    0,
  ),
  "products/medicine-buddha-lamp.svg": productCover(
    "Medicine Buddha Lamp",
    "lamp",
    ["#3E4A5C", C.dark],
    1,
  ),
  "products/morning-incense.svg": productCover(
    "Offer Incense",
    "incense",
    [C.taupe, C.brown],
    1,
  ),
  "products/first-incense.svg": productCover(
    "First Incense of the Year",
    "incense",
    [C.deepRed, C.dark],
    0,
  ),
  "products/diamond-sutra-chanting.svg": productCover(
    "Diamond Sutra Chanting",
    "sutra",
    [C.brown, C.dark],
    0,
  ),
  "products/heart-sutra-copy.svg": productCover(
    "Heart Sutra Copy",
    "sutra",
    [C.taupe, C.dark],
    1,
  ),
  "products/study-blessing.svg": productCover(
    "Blessing for Studies",
    "prayer",
    ["#4F6B5A", C.dark],
    1,
  ),
  "products/peace-blessing.svg": productCover(
    "Blessing for Peace",
    "prayer",
    [C.brown, C.deepRed],
    0,
  ),
  "products/life-release.svg": productCover(
    "Life Release",
    "release",
    ["#E9D8B8", C.taupe],
    0,
  ),
  "products/blessing-plaque.svg": productCover(
    "Blessing Plaque",
    "plaque",
    [C.cream, C.taupe],
    0,
  ),
};

const SCENES: Record<Scene, string> = {
  bell: "Temple bell",
  "snow-temple": "Temple in snow",
  lanterns: "Lanterns at night",
  pagoda: "Pagoda among hills",
  tea: "Tea and meditation",
  meditation: "Sitting meditation",
  incense: "Incense burner",
  lotus: "Lotus pond",
  river: "Fish in the river",
  calligraphy: "Sutra calligraphy",
  mountain: "Mountain path",
  moon: "Moon over the bridge",
};
for (const [scene, title] of Object.entries(SCENES) as [Scene, string][]) {
  files[`news/${scene}.svg`] = newsScene(scene, title);
}

for (const [path, content] of Object.entries(files)) {
  const target = join(OUT, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, content);
}
console.log(`wrote ${Object.keys(files).length} images to ${OUT}`);
