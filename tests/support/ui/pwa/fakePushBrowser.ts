// A browser's push side for tab tests: Notification permission (with the answer the prompt will
// give), an active service worker or none, and a PushManager whose subscribe() works like the real
// one (one subscription per key, a new endpoint each time) or fails like a browser without a push
// service. Test support, not a test.
import type {
  BrowserPushManager,
  BrowserPushSubscription,
  PushEnvironment,
} from "../../../../src/pwa/pushSubscription";

export class FakePushBrowser {
  permission: NotificationPermission = "default";
  /** What the permission prompt answers. */
  promptAnswer: NotificationPermission = "granted";
  prompts = 0;
  serviceWorker = true;
  hasPushApi = true;
  userAgent = "Mozilla/5.0 (Linux; Android 14) Chrome/156.0 Mobile";
  /** The error pushManager.subscribe rejects with (null: it works). */
  subscribeError: Error | null = null;
  /** subscribe() never settles (a browser that cannot reach its push service). */
  subscribeHangs = false;
  current: FakeSubscription | null = null;
  #next = 0;

  readonly manager: BrowserPushManager = {
    getSubscription: () => Promise.resolve(this.current),
    subscribe: (options) => {
      if (this.subscribeHangs) return new Promise(() => undefined);
      if (this.subscribeError !== null)
        return Promise.reject(this.subscribeError);
      if (this.current !== null) return Promise.resolve(this.current);
      this.#next += 1;
      const sub = new FakeSubscription(
        this,
        `https://push.example/ep/${this.#next}`,
        options.applicationServerKey.slice().buffer,
      );
      this.current = sub;
      return Promise.resolve(sub);
    },
  };

  env(): PushEnvironment {
    return {
      userAgent: this.userAgent,
      hasPushApi: this.hasPushApi,
      permission: () => (this.hasPushApi ? this.permission : null),
      requestPermission: () => {
        this.prompts += 1;
        this.permission = this.promptAnswer;
        return Promise.resolve(this.promptAnswer);
      },
      pushManager: () =>
        Promise.resolve(this.serviceWorker ? this.manager : null),
    };
  }
}

export class FakeSubscription implements BrowserPushSubscription {
  readonly browser: FakePushBrowser;
  readonly endpoint: string;
  readonly options: { applicationServerKey: ArrayBuffer | null };
  unsubscribed = false;

  constructor(browser: FakePushBrowser, endpoint: string, key: ArrayBuffer) {
    this.browser = browser;
    this.endpoint = endpoint;
    this.options = { applicationServerKey: key };
  }

  toJSON() {
    return {
      endpoint: this.endpoint,
      keys: { p256dh: `p256dh-of-${this.endpoint}`, auth: "auth-secret" },
    };
  }

  unsubscribe(): Promise<boolean> {
    this.unsubscribed = true;
    if (this.browser.current === this) this.browser.current = null;
    return Promise.resolve(true);
  }
}
