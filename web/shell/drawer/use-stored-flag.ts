// A yes/no choice of the user's kept in the browser's localStorage (e.g. the drawer's folded site list).
// A browser that refuses storage keeps the choice for the page's life only.
import { useState } from 'react';

function read(key: string, fallback: boolean): boolean {
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? fallback : stored === '1';
  } catch {
    return fallback;
  }
}

export function useStoredFlag(key: string, fallback: boolean): readonly [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const set = (next: boolean) => {
    setValue(next);
    try {
      localStorage.setItem(key, next ? '1' : '0');
    } catch {
      // Kept in memory only.
    }
  };
  return [value, set] as const;
}
