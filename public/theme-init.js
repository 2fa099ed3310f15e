// Applies the stored colour mode (localStorage "colorMode": light | dark | system) to <html>
// before first paint, so there is no flash. External and synchronous on purpose: no inline
// script, so a strict CSP needs no hash. src/state/colorMode.ts keeps it in step afterwards.
/* global window, document */
(function () {
  var mode = "system";
  try {
    var stored = window.localStorage.getItem("colorMode");
    if (stored === "light" || stored === "dark" || stored === "system")
      mode = stored;
  } catch {
    // NOTE: storage can be unavailable (privacy modes); the system setting applies then.
  }
  var dark =
    mode === "dark" ||
    (mode === "system" &&
      !!window.matchMedia &&
      window.matchMedia("(prefers-color-scheme: dark)").matches);
  var root = document.documentElement;
  root.setAttribute("data-theme", dark ? "dark" : "light");
  root.setAttribute("data-color-mode", mode);
})();
