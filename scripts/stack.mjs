// The running product, as one function: the identity provider (apps/idp, :4000) and the API (apps/api) which
// serves the portal's production build and /api on the portal origin (:5173). In dev mode the API listens on
// :3000 and the portal's Vite dev server (:5173, hot reload) proxies /api to it. Unless MODEL_ENDPOINT_URL or
// HF_TOKEN is set, the built-in demo model (apps/model, :5050) starts too and the API is pointed at it. The token
// vault's calendar service (apps/calendar, :4100) starts with the API, which reaches it with calendar tokens from
// the identity provider's token exchange (its client secret is the file the provider creates at run time). Used by
// `npm start`, `npm run dev`, the end-to-end tests and the contract tests, so they all run the same stack.
// Unless SMTP_URL names a real mail server, MailDev (web UI and REST API on :1080, SMTP on :1025) catches every
// mail the product sends (invitations, password reset links), so they can be read offline.
// The built-in model answers only the API: a key generated here at every start goes to both through their
// environment (readable only by this user), never to a file or a log.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const PORTAL_URL = 'http://localhost:5173';
export const IDP_URL = 'http://localhost:4000';
export const DEV_API_PORT = 3000;
export const MODEL_URL = 'http://localhost:5050';
export const CALENDAR_URL = 'http://localhost:4100';
export const MAILDEV_URL = 'http://localhost:1080';
export const MAILDEV_SMTP_PORT = 1025;

const require = createRequire(join(ROOT, 'package.json'));
const tsxImport = ['--import', 'tsx'];

/** Waits until `url` answers (any status below 500), or throws after `timeoutMs`. */
export async function waitForUrl(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const up = await fetch(url).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the stack. `dataRoot` (optional) puts the identity provider's, the calendar's and the API's data folders
 * under one directory (tests use a fresh temporary one); by default each app keeps its own `.data` folder. `stdio`
 * 'inherit' shows the servers' logs; 'ignore' hides them (errors still go to stderr). Resolves once every
 * server answers; `stop()` ends them all and resolves when they have exited.
 */
export async function startStack({ dev = false, dataRoot, stdio = 'inherit', env = {} } = {}) {
  const out = stdio === 'inherit' ? 'inherit' : 'ignore';
  const hasApi = existsSync(join(ROOT, 'apps/api/src/main.ts'));
  // The built-in demo model (apps/model) answers the API unless the user configured a model of their own.
  const userModel = ['MODEL_ENDPOINT_URL', 'HF_TOKEN'].some((name) => env[name] ?? process.env[name] ?? '');
  const builtinModel = hasApi && !userModel && existsSync(join(ROOT, 'apps/model/src/main.ts'));
  const hasCalendar = hasApi && existsSync(join(ROOT, 'apps/calendar/src/main.ts'));
  // The servers send through SMTP_URL when it is set; otherwise to MailDev (their default, smtp://localhost:1025).
  const mailCatcher = !(env.SMTP_URL ?? process.env.SMTP_URL ?? '').trim();
  const dataEnv = (name, sub) => (dataRoot ? { [name]: join(dataRoot, sub) } : {});
  const children = [];
  const launch = (args, cwd, extraEnv) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env, ...extraEnv },
      stdio: ['ignore', out, 'inherit'],
    });
    children.push(child);
    return child;
  };

  if (mailCatcher) {
    const maildev = join(dirname(require.resolve('maildev/package.json')), 'bin', 'maildev');
    // Bound to localhost only: the caught mails hold working sign-in links.
    launch(
      [
        maildev,
        ...['--smtp', String(MAILDEV_SMTP_PORT), '--web', new URL(MAILDEV_URL).port, '--ip', 'localhost'],
        ...(dataRoot ? ['--mail-directory', join(dataRoot, 'mail')] : []),
        ...(stdio === 'inherit' ? [] : ['--silent']),
      ],
      ROOT,
      {},
    );
  }
  launch([...tsxImport, 'src/main.ts'], join(ROOT, 'apps/idp'), {
    IDP_PORT: '4000',
    ...dataEnv('IDP_DATA_DIR', 'idp'),
  });
  const vite = join(
    dirname(require.resolve('vite/package.json', { paths: [join(ROOT, 'apps/portal')] })),
    'bin',
    'vite.js',
  );
  const modelKey = builtinModel ? randomBytes(32).toString('base64url') : undefined;
  if (builtinModel) {
    launch([...tsxImport, 'src/main.ts'], join(ROOT, 'apps/model'), {
      MODEL_PORT: '5050',
      MODEL_NAME: 'sentinel-demo',
      MODEL_API_KEY: modelKey,
    });
  }
  if (hasCalendar) {
    launch([...tsxImport, 'src/main.ts'], join(ROOT, 'apps/calendar'), {
      CALENDAR_PORT: '4100',
      CALENDAR_ISSUER: `${IDP_URL}/`,
      ...dataEnv('CALENDAR_DATA_DIR', 'calendar'),
    });
  }
  if (hasApi) {
    launch([...tsxImport, 'src/main.ts'], join(ROOT, 'apps/api'), {
      API_PORT: String(dev ? DEV_API_PORT : 5173),
      ...(dev ? {} : { PORTAL_DIST: join(ROOT, 'apps/portal/dist') }),
      ...dataEnv('API_DATA_DIR', 'api'),
      ...(builtinModel
        ? {
            MODEL_ENDPOINT_URL: `${MODEL_URL}/v1`,
            MODEL_NAME: 'sentinel-demo',
            MODEL_BUILTIN: '1',
            MODEL_API_KEY: modelKey,
          }
        : {}),
      ...(hasCalendar ? { CALENDAR_URL } : {}),
      // The API client's secret, created by the identity provider in its data folder on first start.
      ...(dataRoot ? { API_CLIENT_SECRET_FILE: join(dataRoot, 'idp', 'api-client.json') } : {}),
    });
  }
  if (dev || !hasApi) {
    launch([vite, dev ? 'dev' : 'preview', '--port', '5173', '--strictPort'], join(ROOT, 'apps/portal'), {});
  }

  const exited = children.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  const stop = async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(exited);
  };
  try {
    await Promise.race([
      Promise.all([
        waitForUrl(`${IDP_URL}/.well-known/openid-configuration`),
        waitForUrl(PORTAL_URL),
        ...(hasApi
          ? [waitForUrl(`${dev ? `http://localhost:${DEV_API_PORT}` : PORTAL_URL}/api/health`)]
          : []),
        ...(builtinModel ? [waitForUrl(`${MODEL_URL}/health`)] : []),
        ...(hasCalendar ? [waitForUrl(`${CALENDAR_URL}/health`)] : []),
        ...(mailCatcher ? [waitForUrl(`${MAILDEV_URL}/healthz`)] : []),
      ]),
      ...exited.map((p) =>
        p.then((code) => Promise.reject(new Error(`a server exited early (code ${code})`))),
      ),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    portalUrl: PORTAL_URL,
    idpUrl: IDP_URL,
    modelUrl: builtinModel ? MODEL_URL : undefined,
    calendarUrl: hasCalendar ? CALENDAR_URL : undefined,
    mailUrl: mailCatcher ? MAILDEV_URL : undefined,
    hasApi,
    children,
    stop,
  };
}
