import type { ReactNode } from 'react';
import { root } from '../theme/global.css';
import type { SentinelTheme } from '../theme/createTheme';
import { darkTheme, lightTheme } from '../theme/theme.css';

export type ThemeName = 'light' | 'dark';

/**
 * Applies a theme to everything inside: light or dark (from the same contract), or a custom one made with
 * `createTheme`, whose overridden variables are set inline over its base theme.
 *
 * **When to use:** once around your app (or around a part that must look different).
 *
 * **Accessibility:** both themes meet WCAG AA contrast for every pair the components draw (see Foundations/Colour
 * (color) and contrast).
 */
export function ThemeProvider({
  theme = 'light',
  children,
}: {
  theme?: ThemeName | SentinelTheme;
  children: ReactNode;
}) {
  if (typeof theme !== 'string')
    return (
      <div className={`${theme.className} ${root}`} style={theme.style} data-theme={theme.name}>
        {children}
      </div>
    );
  return (
    <div className={`${theme === 'dark' ? darkTheme : lightTheme} ${root}`} data-theme={theme}>
      {children}
    </div>
  );
}
