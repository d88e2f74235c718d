// A stand-in for the browser's push machinery in jsdom: Notification's permission, PushManager and the service worker registration.

type Permission = NotificationPermission;

export interface PushStubOptions {
  /** The permission before any request. */
  permission?: Permission;
  /** What the person answers when asked. */
  answer?: Permission;
  /** False: the page has no service worker (navigator.serviceWorker.ready never resolves). */
  worker?: boolean;
  /** Makes PushManager.subscribe reject, as Chromium does without its push service. */
  subscribeError?: Error;
}

export interface PushStub {
  /** How many times the permission prompt was shown. */
  prompts: number;
  /** This device's subscription's endpoint, or null. */
  endpoint(): string | null;
  /** The applicationServerKey of the last subscribe call. */
  subscribedKey: Uint8Array | null;
  unsubscribes: number;
}

let count = 0;

function fakeSubscription(stub: PushStub, key: Uint8Array, clear: () => void): PushSubscription {
  count += 1;
  const endpoint = `https://push.example.test/send/device-${count}`;
  const subscription = {
    endpoint,
    expirationTime: null,
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({ endpoint, keys: { p256dh: 'BPublicKeyOfThisDevice', auth: 'authSecret16' } }),
    unsubscribe: async () => {
      stub.unsubscribes += 1;
      clear();
      return true;
    },
  };
  return subscription as unknown as PushSubscription;
}

/** Installs the stand-in; `restorePush()` removes it (call in afterEach). */
export function stubPush(options: PushStubOptions = {}): PushStub {
  const { answer = 'granted', worker = true, subscribeError } = options;
  let permission: Permission = options.permission ?? 'default';
  let subscription: PushSubscription | null = null;
  const stub: PushStub = {
    prompts: 0,
    endpoint: () => subscription?.endpoint ?? null,
    subscribedKey: null,
    unsubscribes: 0,
  };
  const registration = {
    pushManager: {
      getSubscription: async () => subscription,
      subscribe: async ({ applicationServerKey }: PushSubscriptionOptionsInit) => {
        if (subscribeError) throw subscribeError;
        const key = new Uint8Array(applicationServerKey as ArrayBuffer);
        stub.subscribedKey = key;
        subscription = fakeSubscription(stub, key, () => {
          subscription = null;
        });
        return subscription;
      },
    },
  };
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return permission;
      },
      requestPermission: async () => {
        stub.prompts += 1;
        permission = answer;
        return answer;
      },
    },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: worker ? Promise.resolve(registration) : new Promise(() => undefined),
      getRegistration: async () => (worker ? registration : undefined),
    },
  });
  return stub;
}

export function restorePush(): void {
  for (const [owner, name] of [
    [window, 'Notification'],
    [window, 'PushManager'],
    [navigator, 'serviceWorker'],
  ] as const)
    Reflect.deleteProperty(owner, name);
}
