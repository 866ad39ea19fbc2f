import { describe, expect, it } from 'vitest';
import { DEFAULT_HF_MODEL, modelSettingsFromEnv } from '../config';
import { createChatRateLimiter } from './rateLimit';

describe('the model configuration', () => {
  it('uses Hugging Face when a token is set, with the default model and the router’s choice of provider', () => {
    expect(
      modelSettingsFromEnv({ HF_TOKEN: ' hf_abc ', MODEL_ENDPOINT_URL: 'http://localhost:5050/v1' }),
    ).toEqual({
      kind: 'huggingface',
      token: 'hf_abc',
      model: DEFAULT_HF_MODEL,
      provider: undefined,
    });
    expect(
      modelSettingsFromEnv({ HF_TOKEN: 'hf_abc', HF_MODEL: 'org/m', HF_PROVIDER: 'together' }),
    ).toMatchObject({
      model: 'org/m',
      provider: 'together',
    });
  });

  it('uses an OpenAI-compatible endpoint without a token, labelled built-in when the stack says so', () => {
    expect(
      modelSettingsFromEnv({
        MODEL_ENDPOINT_URL: 'http://localhost:5050/v1/',
        MODEL_NAME: 'sentinel-demo',
        MODEL_BUILTIN: '1',
      }),
    ).toEqual({ kind: 'endpoint', url: 'http://localhost:5050/v1', model: 'sentinel-demo', builtin: true });
    expect(
      modelSettingsFromEnv({ MODEL_ENDPOINT_URL: 'http://gpu:8000/v1', MODEL_NAME: 'llama3' }),
    ).toMatchObject({
      builtin: false,
    });
  });

  it('sends MODEL_API_KEY to the endpoint, as its own key or the one the stack gave the built-in model', () => {
    expect(
      modelSettingsFromEnv({
        MODEL_ENDPOINT_URL: 'http://gpu:8000/v1',
        MODEL_NAME: 'llama3',
        MODEL_API_KEY: ' sk-abc ',
      }),
    ).toStrictEqual({
      kind: 'endpoint',
      url: 'http://gpu:8000/v1',
      model: 'llama3',
      builtin: false,
      token: 'sk-abc',
    });
    expect(
      modelSettingsFromEnv({ MODEL_ENDPOINT_URL: 'http://gpu:8000/v1', MODEL_API_KEY: ' ' }),
    ).toMatchObject({
      token: undefined,
    });
  });

  it('has no model when nothing is configured: the replies are the canned demo answers', () => {
    expect(modelSettingsFromEnv({})).toEqual({ kind: 'none' });
    expect(modelSettingsFromEnv({ HF_TOKEN: '  ', MODEL_ENDPOINT_URL: '' })).toEqual({ kind: 'none' });
  });
});

describe('the per-user chat limit', () => {
  it('allows 20 requests in any 60 seconds per key, and says when the next one fits', () => {
    let now = 0;
    const limiter = createChatRateLimiter({ now: () => now });
    for (let i = 0; i < 20; i += 1) {
      expect(limiter.consume('jane')).toEqual({ ok: true });
      now += 500;
    }
    expect(limiter.consume('jane')).toEqual({ ok: false, retryAfterSeconds: 50 });
    expect(limiter.consume('john')).toEqual({ ok: true });
    now = 59_999;
    expect(limiter.consume('jane')).toEqual({ ok: false, retryAfterSeconds: 1 });
    // The first request (at 0) has left the window; the second (at 500) has not.
    now = 60_000;
    expect(limiter.consume('jane')).toEqual({ ok: true });
    expect(limiter.consume('jane')).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('does not count refused requests, so a client that keeps trying is let in when the window moves', () => {
    let now = 0;
    const limiter = createChatRateLimiter({ requests: 2, windowMs: 10_000, now: () => now });
    limiter.consume('a');
    limiter.consume('a');
    for (let i = 0; i < 5; i += 1) expect(limiter.consume('a').ok).toBe(false);
    now = 10_001;
    expect(limiter.consume('a').ok).toBe(true);
  });
});
