// Light / dark / system colour mode (valtio), kept in localStorage under `colorMode`.
// src/themeInit.js (inlined into the shell) applies the same key before first paint; this file
// keeps it applied.
import { proxy } from "valtio";

export const COLOR_MODES = ["light", "dark", "system"] as const;
export type ColorMode = (typeof COLOR_MODES)[number];
export const COLOR_MODE_STORAGE_KEY = "colorMode";

function isColorMode(value: unknown): value is ColorMode {
  return (
    typeof value === "string" &&
    (COLOR_MODES as readonly string[]).includes(value)
  );
}

function readMode(): ColorMode {
  try {
    const stored = window.localStorage.getItem(COLOR_MODE_STORAGE_KEY);
    return isColorMode(stored) ? stored : "system";
  } catch {
    return "system";
  }
}

export const colorModeState = proxy<{ mode: ColorMode }>({ mode: readMode() });

function prefersDark(): boolean {
  return (
    typeof window.matchMedia === "function" &&
    matchMedia("(prefers-color-scheme: dark)").matches
  );
}

/** Sets `data-theme` (light | dark) and `data-color-mode` on <html>. */
export function applyColorMode(mode: ColorMode): void {
  const dark = mode === "dark" || (mode === "system" && prefersDark());
  const root = document.documentElement;
  root.dataset.theme = dark ? "dark" : "light";
  root.dataset.colorMode = mode;
}

export function setColorMode(mode: ColorMode): void {
  colorModeState.mode = mode;
  try {
    window.localStorage.setItem(COLOR_MODE_STORAGE_KEY, mode);
  } catch {
    // NOTE: the mode still applies to this page without storage.
  }
  applyColorMode(mode);
}

/** The next mode in the light → dark → system cycle. */
export function nextColorMode(mode: ColorMode): ColorMode {
  const index = COLOR_MODES.indexOf(mode);
  return COLOR_MODES[(index + 1) % COLOR_MODES.length] ?? "system";
}

/** Follows the system setting while the mode is "system"; returns the unsubscribe function. */
export function watchSystemColorScheme(): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const query = matchMedia("(prefers-color-scheme: dark)");
  const onChange = () => {
    if (colorModeState.mode === "system") applyColorMode("system");
  };
  query.addEventListener("change", onChange);
  return () => {
    query.removeEventListener("change", onChange);
  };
}
