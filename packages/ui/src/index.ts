export * from './theme/tokens';
export { vars, lightTheme, darkTheme } from './theme/theme.css';
export { visuallyHidden } from './theme/global.css';
export * from './ThemeProvider/ThemeProvider';
export * from './Box/Box';
export * from './Text/Text';
export * from './api/client';
export * from './api/ApiProvider';
export * from './session/SessionProvider';
