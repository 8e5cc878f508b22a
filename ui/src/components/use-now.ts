import { useEffect, useState } from 'react';

/** The clock, re-read every `intervalMs` while the component is shown (its interval is cleared on unmount). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
