import { storedValue, useStoredValue } from './stored-value';

/** The line this browser is a terminal of, kept locally (SPEC.md section 2, /terminal). */
export interface StoredTerminal {
  terminalID: number | null;
  lineID: number;
  ipAddress: string;
  updatedBy: string | null;
  updateDate: string | null;
}

function isTerminal(value: unknown): value is StoredTerminal {
  return !!value && typeof (value as StoredTerminal).lineID === 'number';
}

const terminalStore = storedValue<StoredTerminal | null>('terminal', null, (v): v is StoredTerminal | null => v === null || isTerminal(v));

export const terminal = {
  get: () => terminalStore.get(),
  set: (value: StoredTerminal | null) => terminalStore.set(value),
};

export function useTerminal(): StoredTerminal | null {
  return useStoredValue(terminalStore);
}
