import { useSyncExternalStore } from 'react';
import type { ThemeName } from '@sentinel/ui';

const DARK_QUERY = '(prefers-color-scheme: dark)';

const darkQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined);

function subscribe(onChange: () => void) {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The theme the viewer's system asks for: light unless it prefers dark; follows changes live. */
export function usePreferredTheme(): ThemeName {
  return useSyncExternalStore(
    subscribe,
    () => (darkQuery()?.matches ? 'dark' : 'light'),
    () => 'light',
  );
}
