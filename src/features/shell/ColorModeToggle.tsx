// Cycles the colour mode light → dark → system; the button's name says the current mode.
import { useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import {
  colorModeState,
  nextColorMode,
  setColorMode,
  type ColorMode,
} from "../../state/colorMode";
import { MoonIcon, SunIcon, SystemModeIcon } from "../../ui/icons";

export function ColorModeToggle() {
  const { t } = useLingui();
  const { mode } = useSnapshot(colorModeState);
  const labels: Record<ColorMode, string> = {
    light: t`浅色模式（点按切换）`,
    dark: t`深色模式（点按切换）`,
    system: t`跟随系统（点按切换）`,
  };
  return (
    <button
      type="button"
      className="icon-btn"
      aria-label={labels[mode]}
      title={labels[mode]}
      onClick={() => {
        setColorMode(nextColorMode(mode));
      }}
    >
      {mode === "light" ? (
        <SunIcon />
      ) : mode === "dark" ? (
        <MoonIcon />
      ) : (
        <SystemModeIcon />
      )}
    </button>
  );
}
