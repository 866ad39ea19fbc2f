/**
 * `npm start -w @sentinel/model`: the built-in demo model on http://localhost:5050 (MODEL_PORT, MODEL_HOST),
 * answering as MODEL_NAME (default 'sentinel-demo') with MODEL_TOKEN_DELAY_MS between streamed tokens.
 * SIGTERM and SIGINT end open streams and stop the server.
 */
import { z } from 'zod';
import { DEFAULT_TOKEN_DELAY_MS, DEMO_MODEL_NAME, buildModelServer } from './server';

const EnvSchema = z.object({
  MODEL_PORT: z.coerce.number().int().min(0).max(65_535).default(5050),
  MODEL_HOST: z.string().trim().min(1).default('localhost'),
  MODEL_NAME: z.string().trim().min(1).default(DEMO_MODEL_NAME),
  MODEL_TOKEN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_TOKEN_DELAY_MS),
  MODEL_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
