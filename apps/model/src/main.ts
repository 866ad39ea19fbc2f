/**
 * `npm start -w @sentinel/model`: the built-in demo model on http://localhost:5050 (MODEL_PORT, MODEL_HOST),
 * answering as MODEL_NAME (default 'sentinel-demo') with MODEL_TOKEN_DELAY_MS between streamed tokens, to callers
 * with MODEL_API_KEY (required; the stack generates one at start and gives it to the API) that name one of
 * MODEL_ALLOWED_HOSTS (comma-separated; the loopback names by default). SIGTERM and SIGINT end open streams and
 * stop the server (the server kit's `serve`); an unusable setting stops it with one line naming the variable.
 */
import { LOOPBACK_HOSTS } from '@sentinel/domain';
import {
  SettingsError,
  readSettings,
  serve,
  settingsOrExit,
  type SettingsReader,
} from '@sentinel/server-kit';
import { DEFAULT_TOKEN_DELAY_MS, DEMO_MODEL_NAME, buildModelServer } from './server';

/**
 * The shortest MODEL_API_KEY: a guessable key would let any program on the machine use the model as the API
 * does.
 */
const MIN_API_KEY_LENGTH = 32;

function apiKeyFrom(read: SettingsReader): string {
  const key = read.value('MODEL_API_KEY');
  if (!key) {
    throw new SettingsError(
      'MODEL_API_KEY is required: the key the API sends (scripts/stack.mjs generates one).',
    );
  }
  if (key.length < MIN_API_KEY_LENGTH) {
    throw new SettingsError(`MODEL_API_KEY must have at least ${MIN_API_KEY_LENGTH} characters.`);
  }
  return key;
}

const settings = settingsOrExit('The demo model', () => {
  const read = readSettings(process.env);
  return {
    port: read.port('MODEL_PORT', 5050),
    host: read.host('MODEL_HOST', 'localhost'),
    modelName: read.value('MODEL_NAME') ?? DEMO_MODEL_NAME,
    tokenDelayMs: read.integer('MODEL_TOKEN_DELAY_MS', {
      fallback: DEFAULT_TOKEN_DELAY_MS,
      min: 0,
      max: 10_000,
    }),
    logLevel: read.logLevel('MODEL_LOG_LEVEL'),
    apiKey: apiKeyFrom(read),
    allowedHosts: read.list('MODEL_ALLOWED_HOSTS', LOOPBACK_HOSTS),
  };
});

const app = await buildModelServer({
  apiKey: settings.apiKey,
  allowedHosts: settings.allowedHosts,
  modelName: settings.modelName,
  tokenDelayMs: settings.tokenDelayMs,
  logger: { level: settings.logLevel },
});

await serve(app, { name: 'The demo model', port: settings.port, host: settings.host, log: app.log });
app.log.info({ port: settings.port, model: settings.modelName }, 'demo model listening');
