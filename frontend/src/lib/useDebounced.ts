import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `delayMs` (typing in a field that drives a query). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(t);
  }, [value, delayMs]);
  return settled;
}
