/**
 * The page the XSS suite (../xss.test.ts) opens in Chromium: every payload of the hostile markdown corpus
 * through the Markdown component, each in its own region, and the real chat panel (the ui's ChatPanel, its API
 * client and the API server's chat route) whose model answers with the whole corpus. The access token comes in
 * the address's fragment. `window.harmfulIn` runs the corpus's own check on a part of the page.
 */
import { buildCurrentUser } from '@sentinel/domain';
import { PERSONAS, claimsFor } from '@sentinel/mocks';
import {
  ApiProvider,
  ChatPanel,
  Markdown,
  SessionProvider,
  ThemeProvider,
  createApiClient,
  type Session,
} from '@sentinel/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The corpus is test material of the ui package, not part of its public surface: reached by path.
import { HOSTILE_MARKDOWN, harmfulOutput } from '../../../../packages/ui/src/Markdown/Markdown.corpus';

declare global {
  interface Window {
    harmfulIn: (selector: string) => string[];
  }
}

window.harmfulIn = (selector) => {
  const root = document.querySelector(selector);
  if (!root) return [`nothing matches ${selector}`];
  return harmfulOutput(root, window.location.origin);
};

const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
const user = buildCurrentUser(claimsFor(PERSONAS.jane));
if (!user.ok) throw new Error(user.error.message);
const session: Session = { status: 'signedIn', user: user.value, mfa: false, logout: () => undefined };
const client = createApiClient({ getAccessToken: async () => token });

function Harness() {
  return (
    <ThemeProvider>
      <main>
        <h1>Hostile output</h1>
        <div id="markdown">
          {HOSTILE_MARKDOWN.map((payload, index) => (
            <section key={payload.name} aria-label={payload.name} data-payload={index}>
              <Markdown>{payload.markdown}</Markdown>
            </section>
          ))}
        </div>
        <div id="chat">
          <ApiProvider client={client}>
            <SessionProvider session={session}>
              <ChatPanel />
            </SessionProvider>
          </ApiProvider>
        </div>
      </main>
    </ThemeProvider>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
