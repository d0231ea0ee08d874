/**
 * @module A value that follows another once it has stopped changing for `delay` ms: checks made
 * while a user types (is this username or slug free? the admin's user search) then run once per
 * pause, not once per key.
 */
import { useEffect, useState } from 'react';

export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
