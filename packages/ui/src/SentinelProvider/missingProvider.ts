import * as React from 'react';
import { isDevelopment } from '../theme/createTheme';

/**
 * The component that called a hook, from React's owner stack ("at MedicalRecords (...)"). Development builds of
 * React only; production React has no `captureOwnerStack`, and minified names would say nothing anyway.
 */
function callingComponent(): string | undefined {
  const capture = (React as { captureOwnerStack?: () => string | null }).captureOwnerStack;
  const stack = capture?.() ?? '';
  return /^\s*at ([A-Z][\w$]*)/m.exec(stack)?.[1];
}

/**
 * The error a hook throws when what it reads is not provided: in development it names the component, the provider
 * a host wraps its app in and the prop that supplies the value; in production it stays short.
 */
export function missingProviderError(hook: string, needs: string): Error {
  if (!isDevelopment()) return new Error(`${hook}: missing <SentinelProvider>.`);
  const who = callingComponent() ?? `A component calling ${hook}`;
  return new Error(
    `${who} must be used inside <SentinelProvider>: it reads ${needs} (${hook}). Wrap your app in ` +
      `<SentinelProvider> from @sentinel/ui, once, above every screen.`,
  );
}
