// How pages reach services that server/main.ts starts (app/ never imports server/): a slot on globalThis, shared by
// the server's modules and Next's bundle of the same file, filled at start-up.
export function serviceSlot<T>(key: string, missing: string): { register(value: T): void; get(): T } {
  const g = globalThis as unknown as Record<string, T | undefined>;
  return {
    register(value) {
      g[key] = value;
    },
    get() {
      const v = g[key];
      if (!v) throw new Error(missing);
      return v;
    },
  };
}
