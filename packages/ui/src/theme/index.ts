/**
 * `@sentinel/ui/theme`, the theme without the components: tokens, the `vars` contract every style reads, and the
 * light and dark theme classes. A partner theme imports this entry (with `@sentinel/ui/theme.css`) to set its
 * own values for `vars`, and so ships no component's CSS.
 */
export * from './tokens';
export { vars, lightTheme, darkTheme } from './theme.css';
export {
  createTheme,
  contrastProblems,
  contrastRatio,
  type ContrastProblem,
  type CreateThemeOptions,
  type SentinelTheme,
  type ThemeBase,
  type ThemeOverrides,
} from './createTheme';
