/**
 * The AI providers the not-available state names (REQ-chat-unavailable), for whoever configures the API
 * server.
 */

export type ProviderOption = {
  readonly name: string;
  /** The environment variable that selects it; none for the built-in default. */
  readonly variable: string | undefined;
  readonly description: string;
  readonly free: boolean;
};

/** REQ-chat-unavailable the not-available state: three provider options, two of them free. */
export const PROVIDER_OPTIONS: readonly ProviderOption[] = [
  {
    name: 'Hugging Face Inference Providers',
    variable: 'HF_TOKEN',
    description: 'A Hugging Face access token; the free tier is enough for the demo.',
    free: true,
  },
  {
    name: 'Any OpenAI-compatible server',
    variable: 'MODEL_ENDPOINT_URL',
    description: 'The URL of a local llama.cpp or Ollama server, or any other OpenAI-compatible endpoint.',
    free: true,
  },
  {
    name: 'Built-in demo model',
    variable: undefined,
    description:
      'Used when neither variable is set: canned educational answers that run offline, for demonstrations only.',
    free: false,
  },
];
