/**
 * The assistant's language model, by configuration (config.ts `ModelSettings`): Hugging Face Inference Providers,
 * any OpenAI-compatible server, the built-in demo model (apps/model, an OpenAI-compatible server too), or none.
 * Every call goes through @huggingface/inference (REQ-model): chat completion streamed, and the
 * text-generation fallback. The token lives in this module's closure only: it is sent to the provider and
 * nowhere else.
 */
import {
  chatCompletion,
  chatCompletionStream,
  setLogger,
  textGeneration,
  type InferenceProviderOrPolicy,
} from '@huggingface/inference';
import {
  HTTP_TIMEOUT_MS,
  URGENCY_MAX_TOKENS,
  URGENCY_RESPONSE_FORMAT,
  buildChatCompletionRequest,
  buildTextGenerationRequest,
  promptFromMessages,
  validateInferenceRequest,
} from '@sentinel/domain';
import {
  DEMO_ASSISTANT_STATUS,
  ModelOutputError,
  ModelTimeoutError,
  type ChatModel,
} from '@sentinel/service';
import type { ModelSettings } from '../config';

export { ModelOutputError, ModelTimeoutError, describeFailure, type ChatModel } from '@sentinel/service';

// The SDK writes notes ('Defaulting to auto', 'Auto selected provider') to the console; our log lines are ours.
const quiet = () => undefined;
setLogger({ debug: quiet, info: quiet, warn: quiet, error: quiet, log: quiet });

/** How long a status probe of an OpenAI-compatible server may take, and how long its answer is reused. */
export const PROBE_TIMEOUT_MS = 2_000;
export const PROBE_CACHE_MS = 10_000;

type Target =
  | { readonly accessToken: string; readonly model: string; readonly provider: InferenceProviderOrPolicy }
  | { readonly endpointUrl: string; readonly model: string; readonly accessToken?: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The text of one streamed chat chunk: `choices[0].delta.content`, '' for a chunk without text (the role-only
 * first chunk, an empty `choices` with usage). A chunk without a `choices` list is malformed.
 */
export function deltaText(chunk: unknown): string {
  if (!isRecord(chunk) || !Array.isArray(chunk.choices)) {
    throw new ModelOutputError('a streamed chunk has no choices');
  }
  const first: unknown = chunk.choices[0];
  if (first === undefined) return '';
  const delta = isRecord(first) ? first.delta : undefined;
  if (!isRecord(delta)) throw new ModelOutputError('a streamed choice has no delta');
  return typeof delta.content === 'string' ? delta.content : '';
}

/**
 * A signal that aborts when `parent` does, or when `touch()` has not been called for `ms` (no first byte, or a
 * stream gone silent). `dispose()` stops the timer and aborts too, so a request its reader left early (the
 * stream's consumer returned) does not stay open.
 */
function idleSignal(parent: AbortSignal, ms: number) {
  const controller = new AbortController();
  const onAbort = () => controller.abort(parent.reason);
  parent.addEventListener('abort', onAbort, { once: true });
  const expire = () => controller.abort(new ModelTimeoutError(`no answer within ${ms} ms`));
  let timer = setTimeout(expire, ms);
  return {
    signal: controller.signal,
    touch: () => {
      clearTimeout(timer);
      timer = setTimeout(expire, ms);
    },
    dispose: () => {
      clearTimeout(timer);
      parent.removeEventListener('abort', onAbort);
      controller.abort();
    },
  };
}

/**
 * REQ-model-textgen-request text generation asks for wait_for_model and no cache; the SDK (4.x) has no option
 * for them, and Hugging Face reads them as the `x-wait-for-model` and `x-use-cache` headers.
 * `globalThis.fetch` is looked up per call, as the SDK's own default is, so that a test's interceptor (MSW)
 * sees the request.
 */
function fetchWithHeaders(extra: Readonly<Record<string, string>>): typeof fetch {
  return (input, init) =>
    globalThis.fetch(input, {
      ...init,
      headers: { ...(init?.headers as Record<string, string> | undefined), ...extra },
    });
}

const unusable = (label: ChatModel['label'], problem: string): ChatModel => ({
  label,
  problem,
  // eslint-disable-next-line require-yield
  async *streamChat() {
    throw new Error(problem);
  },
  generate: () => Promise.reject(new Error(problem)),
  assessUrgency: () => Promise.reject(new Error(problem)),
  probe: () => Promise.resolve(false),
  knownDown: () => true,
});

/** A cached probe: one request at a time, its answer reused for PROBE_CACHE_MS. */
function cachedProbe(check: () => Promise<boolean>, now: () => number = Date.now) {
  let last: { at: number; up: boolean } | undefined;
  let running: Promise<boolean> | undefined;
  return {
    probe: (): Promise<boolean> => {
      if (last && now() - last.at < PROBE_CACHE_MS) return Promise.resolve(last.up);
      running ??= check()
        .catch(() => false)
        .then((up) => {
          last = { at: now(), up };
          running = undefined;
          return up;
        });
      return running;
    },
    knownDown: () => last !== undefined && !last.up && now() - last.at < PROBE_CACHE_MS,
  };
}

/** The model of a configuration, or undefined for none (the canned demo answers). */
export function createChatModel(settings: ModelSettings): ChatModel | undefined {
  if (settings.kind === 'none') return undefined;

  let target: Target;
  let label: ChatModel['label'];
  let check: () => Promise<boolean>;
  /** Why text generation cannot be asked of this provider (REQ-model-request-checks). */
  let noTextGeneration: string | undefined;
  if (settings.kind === 'huggingface') {
    label = { provider: 'Hugging Face', model: settings.model, demo: false };
    // REQ-model-request-checks: an unsupported provider, or a closed one without its prefix, is refused here.
    const chat = validateInferenceRequest({
      provider: settings.provider,
      model: settings.model,
      task: 'conversational',
    });
    if (!chat.ok) return unusable(label, chat.error.message);
    const generation = validateInferenceRequest({
      provider: settings.provider,
      model: settings.model,
      task: 'text-generation',
    });
    noTextGeneration = generation.ok ? undefined : generation.error.message;
    target = { accessToken: settings.token, model: settings.model, provider: chat.value.provider ?? 'auto' };
    check = () => Promise.resolve(settings.token !== '');
  } else {
    let host: string;
    try {
      host = new URL(settings.url).host;
    } catch {
      host = 'model endpoint';
    }
    label = settings.builtin
      ? { provider: DEMO_ASSISTANT_STATUS.provider, model: settings.model, demo: true }
      : { provider: host, ...(settings.model ? { model: settings.model } : {}), demo: false };
    const valid = validateInferenceRequest({
      endpointUrl: settings.url,
      model: settings.model || undefined,
      task: 'conversational',
    });
    if (!valid.ok) return unusable(label, valid.error.message);
    if (!settings.model) return unusable(label, 'MODEL_NAME is required with MODEL_ENDPOINT_URL.');
    // The SDK sends `accessToken` to the endpoint as `Authorization: Bearer`, as OpenAI-compatible servers take a key.
    target = {
      endpointUrl: settings.url,
      model: settings.model,
      ...(settings.token ? { accessToken: settings.token } : {}),
    };
    const probeHeaders: Record<string, string> = settings.token
      ? { authorization: `Bearer ${settings.token}` }
      : {};
    check = async () => {
      const response = await globalThis.fetch(`${settings.url}/models`, {
        headers: probeHeaders,
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await response.body?.cancel();
      return response.ok;
    };
  }

  const probe = cachedProbe(check);
  return {
    label,
    problem: undefined,
    assessesUrgency: settings.kind !== 'endpoint' || !settings.builtin,
    probe: probe.probe,
    knownDown: probe.knownDown,

    async *streamChat(messages, signal) {
      const timer = idleSignal(signal, HTTP_TIMEOUT_MS);
      try {
        const chunks = chatCompletionStream(
          { ...target, ...buildChatCompletionRequest(messages) },
          { retry_on_error: false, signal: timer.signal },
        );
        for await (const chunk of chunks) {
          timer.touch();
          const text = deltaText(chunk);
          if (text) yield text;
        }
        // An aborted body can end the SDK's loop quietly: a cut stream is a failure, not a short reply.
        if (timer.signal.aborted) throw timer.signal.reason;
      } finally {
        timer.dispose();
      }
    },

    async assessUrgency(messages, signal) {
      const output = await chatCompletion(
        {
          ...target,
          messages: messages.map(({ role, content }) => ({ role, content })),
          max_tokens: URGENCY_MAX_TOKENS,
          temperature: 0,
          response_format: URGENCY_RESPONSE_FORMAT,
        },
        { retry_on_error: false, signal },
      );
      const content: unknown = output?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new ModelOutputError('no message content');
      return content;
    },

    async generate(messages, signal) {
      if (noTextGeneration) throw new Error(noTextGeneration);
      const { inputs, parameters, options } = buildTextGenerationRequest(promptFromMessages(messages));
      const timer = idleSignal(signal, HTTP_TIMEOUT_MS);
      try {
        const output = await textGeneration(
          { ...target, inputs, parameters },
          {
            retry_on_error: false,
            signal: timer.signal,
            fetch: fetchWithHeaders({
              'x-wait-for-model': String(options.wait_for_model),
              'x-use-cache': String(options.use_cache),
            }),
          },
        );
        if (typeof output?.generated_text !== 'string') throw new ModelOutputError('no generated_text');
        return output.generated_text;
      } finally {
        timer.dispose();
      }
    },
  };
}
