/**
 * `npm start -w @sentinel/model`: the built-in demo model on http://localhost:5050 (MODEL_PORT, MODEL_HOST),
 * answering as MODEL_NAME (default 'sentinel-demo') with MODEL_TOKEN_DELAY_MS between streamed tokens, to callers
 * with MODEL_API_KEY (required; the stack generates one at start and gives it to the API) that name one of
 * MODEL_ALLOWED_HOSTS (comma-separated; the loopback names by default). SIGTERM and SIGINT end open streams and
 * stop the server.
 */
import { LOOPBACK_HOSTS } from '@sentinel/domain';
import { z } from 'zod';
import { DEFAULT_TOKEN_DELAY_MS, DEMO_MODEL_NAME, buildModelServer } from './server';

const EnvSchema = z.object({
  MODEL_PORT: z.coerce.number().int().min(0).max(65_535).default(5050),
  MODEL_HOST: z.string().trim().min(1).default('localhost'),
  MODEL_NAME: z.string().trim().min(1).default(DEMO_MODEL_NAME),
  MODEL_TOKEN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_TOKEN_DELAY_MS),
  MODEL_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // A guessable key would let any program on the machine use the model as the API does.
  MODEL_API_KEY: z
    .string({ error: 'MODEL_API_KEY is required: the key the API sends (scripts/stack.mjs generates one).' })
    .trim()
    .min(32, 'MODEL_API_KEY must have at least 32 characters.'),
  MODEL_ALLOWED_HOSTS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((host) => host.trim())
        .filter(Boolean),
    )
    .optional(),
});

// Empty variables count as unset, as a shell's `MODEL_PORT= npm start` means.
const env = EnvSchema.safeParse(
  Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')),
);
if (!env.success) {
  console.error(`The demo model did not start: ${z.prettifyError(env.error)}`);
  process.exit(1);
}
const settings = env.data;

const app = await buildModelServer({
  apiKey: settings.MODEL_API_KEY,
  allowedHosts: settings.MODEL_ALLOWED_HOSTS ?? LOOPBACK_HOSTS,
  modelName: settings.MODEL_NAME,
  tokenDelayMs: settings.MODEL_TOKEN_DELAY_MS,
  logger: { level: settings.MODEL_LOG_LEVEL },
});

let closing: Promise<void> | undefined;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    closing ??= app.close();
    void closing.then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: settings.MODEL_PORT, host: settings.MODEL_HOST });
app.log.info({ port: settings.MODEL_PORT, model: settings.MODEL_NAME }, 'demo model listening');
