/**
 * The API's side of the token vault's exchange (RFC 8693): POST the caller's API access token to the identity
 * provider's token endpoint with the API's client credentials (client_secret_basic), asking for a token for the
 * calendar audience and one calendar scope. Any refusal becomes a VaultError; the provider's answer is never
 * passed on to the user.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { IdpExchangeSettings, TokenExchanger } from './settings';
import { VaultError } from './errors';

export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive(),
});

async function secretOf(settings: IdpExchangeSettings): Promise<string> {
  if ('value' in settings.clientSecret) return settings.clientSecret.value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(settings.clientSecret.file, 'utf8'));
  } catch {
    throw new VaultError('exchange', 'the API client secret file cannot be read');
  }
  const secret = (parsed as { client_secret?: unknown } | null)?.client_secret;
  if (typeof secret !== 'string' || secret === '') {
    throw new VaultError('exchange', 'the API client secret file holds no client_secret');
  }
  return secret;
}

/** RFC 6749 REQ-screen.1: id and secret are form-encoded before they are joined for Basic authentication. */
const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export function createIdpTokenExchanger(
  settings: IdpExchangeSettings,
  options: { readonly timeoutMs: number; readonly fetch?: typeof fetch },
): TokenExchanger {
  const send = options.fetch ?? fetch;
  return async ({ subjectToken, scope }) => {
    const secret = await secretOf(settings);
    let response: Response;
    try {
      response = await send(settings.tokenEndpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: basic(settings.clientId, secret),
        },
        body: new URLSearchParams({
          grant_type: TOKEN_EXCHANGE_GRANT,
          subject_token: subjectToken,
          subject_token_type: ACCESS_TOKEN_TYPE,
          requested_token_type: ACCESS_TOKEN_TYPE,
          audience: settings.audience,
          scope,
        }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new VaultError('exchange', `the token endpoint did not answer (${(error as Error).name})`);
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const code = (body as { error?: unknown } | undefined)?.error;
      throw new VaultError(
        'exchange',
        `the token exchange was refused (${response.status}${typeof code === 'string' ? ` ${code.slice(0, 40)}` : ''})`,
      );
    }
    const parsed = TokenResponseSchema.safeParse(body);
    if (!parsed.success) throw new VaultError('exchange', 'the token endpoint answered without a token');
    return { accessToken: parsed.data.access_token, expiresIn: parsed.data.expires_in };
  };
}
