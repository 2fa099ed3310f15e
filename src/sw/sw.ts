// The service worker entry (vite-plugin-pwa injectManifest builds it to /sw.js, the URL every
// installed client has registered): the app's caching, then the Web Push handlers.
import { installCaching } from "./installCaching";
import { installPushHandlers } from "./installPushHandlers";

declare let self: ServiceWorkerGlobalScope;

installCaching(self, self.__WB_MANIFEST);
installPushHandlers(self);
