import type { ReactNode } from 'react';
import { root } from '../theme/global.css';
import { darkTheme, lightTheme } from '../theme/theme.css';

export type ThemeName = 'light' | 'dark';

/** Applies a theme (light or dark, from the same contract) to everything inside. */
export function ThemeProvider({ theme = 'light', children }: { theme?: ThemeName; children: ReactNode }) {
  return (
    <div className={`${theme === 'dark' ? darkTheme : lightTheme} ${root}`} data-theme={theme}>
      {children}
    </div>
  );
}
