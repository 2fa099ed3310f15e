// Applies the stored colour mode (localStorage "colorMode": light | dark | system) to <html>
// before first paint, so there is no flash. The build minifies it into index.html's head (the
// `data-inline` script there): as a file it was a parser-blocking request before a phone's first
// paint (#20). The server's CSP admits it by its hash (server/http/inlineScripts.ts).
// src/state/colorMode.ts keeps the mode applied afterwards.
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
