// Preferences on /my/settings: the interface language and the colour mode (light / dark / system), each
// a group of radio buttons drawn as a segmented control.
import { Trans, useLingui } from "@lingui/react/macro";
import { useSnapshot } from "valtio";
import { HTML_LANG, LOCALES } from "../../i18n/locales";
import {
  COLOR_MODES,
  colorModeState,
  setColorMode,
  type ColorMode,
} from "../../state/colorMode";
import { useSwitchLocale } from "../shell/useSwitchLocale";

export function SettingsCard() {
  const { t } = useLingui();
  const { mode } = useSnapshot(colorModeState);
  const { current, names, switchTo } = useSwitchLocale();
  const modeNames: Record<ColorMode, string> = {
    light: t`浅色`,
    dark: t`深色`,
    system: t`跟随系统`,
  };

  return (
    <section className="card my-section" aria-labelledby="settings-title">
      <h2 id="settings-title" className="my-section-title">
        <Trans>语言与外观</Trans>
      </h2>
      <fieldset className="segmented">
        <legend>
          <Trans>语言</Trans>
        </legend>
        <div className="segmented-options">
          {LOCALES.map((locale) => (
            <label key={locale} className="segment">
              <input
                type="radio"
                name="my-language"
                value={locale}
                checked={current === locale}
                onChange={() => {
                  void switchTo(locale);
                }}
              />
              <span lang={HTML_LANG[locale]}>{names[locale]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="segmented">
        <legend>
          <Trans>外观</Trans>
        </legend>
        <div className="segmented-options">
          {COLOR_MODES.map((option) => (
            <label key={option} className="segment">
              <input
                type="radio"
                name="my-color-mode"
                value={option}
                checked={mode === option}
                onChange={() => {
                  setColorMode(option);
                }}
              />
              <span>{modeNames[option]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
