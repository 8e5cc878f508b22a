import { useSyncExternalStore } from 'react';

/**
 * A value kept in localStorage that React components can subscribe to. Other tabs' changes arrive through the
 * `storage` event, so logging out in one tab logs out the others.
 */
export interface StoredValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function storedValue<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): StoredValue<T> {
  const listeners = new Set<() => void>();
  const read = (): T => {
    try {
      const text = globalThis.localStorage?.getItem(key);
      if (text === null || text === undefined) return fallback;
      const parsed: unknown = JSON.parse(text);
      return isValid(parsed) ? parsed : fallback;
    } catch {
      return fallback;
    }
  };
  let current = read();
  const notify = () => listeners.forEach((listener) => listener());
  globalThis.addEventListener?.('storage', (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return;
    current = read();
    notify();
  });
  return {
    get: () => current,
    set(value) {
      current = value;
      try {
        if (value === null || value === undefined) globalThis.localStorage?.removeItem(key);
        else globalThis.localStorage?.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the value still lives for this page.
      }
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStoredValue<T>(store: StoredValue<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
