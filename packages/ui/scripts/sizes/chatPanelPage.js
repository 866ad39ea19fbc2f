/* global document */
// A host page that shows the assistant and nothing else, for the page budget in .size-limit.cjs: React DOM,
// the providers ChatPanel reads and ChatPanel itself, from the built package. Bundled, never run.
// The separate providers, not SentinelProvider: the page budget counts only what ChatPanel needs.
import { createRoot } from 'react-dom/client';
import { jsx } from 'react/jsx-runtime';
import {
  AlertProvider,
  ApiProvider,
  ChatPanel,
  ClockProvider,
  SessionProvider,
  ThemeProvider,
  createApiClient,
} from '../../dist/index.js';

const client = createApiClient({ getAccessToken: async () => undefined });
const session = { status: 'signedOut', login: () => undefined };
const wrap = (Provider, props, child) => jsx(Provider, { ...props, children: child });

createRoot(document.getElementById('root')).render(
  wrap(
    ThemeProvider,
    { theme: 'light' },
    wrap(
      ClockProvider,
      { clock: {} },
      wrap(
        SessionProvider,
        { session },
        wrap(ApiProvider, { client }, wrap(AlertProvider, {}, jsx(ChatPanel, {}))),
      ),
    ),
  ),
);
