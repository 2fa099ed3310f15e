// The IM socket URL the messenger connects to: the runtime config's, remembered in localStorage so a
// start without the server (offline, server down) can still open the messenger. Signed-in config
// requests carry a token and are never cached by the service worker, so nothing else keeps it.
import { getRuntimeConfig } from "../api/runtimeConfig";

export const IM_SOCKET_URL_KEY = "fy_im_ws_url";

function remembered(): string | null {
  try {
    const value = localStorage.getItem(IM_SOCKET_URL_KEY);
    return value === null || value === "" ? null : value;
  } catch {
    return null;
  }
}

function remember(url: string): void {
  try {
    localStorage.setItem(IM_SOCKET_URL_KEY, url);
  } catch {
    // NOTE: without storage an offline start cannot open the messenger; online starts still work.
  }
}

/** The runtime config's IM URL (remembered for later), or the remembered one when it cannot load. */
export async function imSocketUrl(): Promise<string> {
  try {
    const { imWsUrl } = await getRuntimeConfig();
    remember(imWsUrl);
    return imWsUrl;
  } catch (error) {
    const url = remembered();
    if (url === null) throw error;
    return url;
  }
}
