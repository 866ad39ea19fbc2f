/**
 * Who may call the stack's local services (the built-in model, the calendar): requests that name the service's
 * own host, and (for the model) carry the key the stack generated for the API at start. A web page that renamed
 * its own host to 127.0.0.1 (DNS rebinding) still sends its own name in `Host`, and another program on the machine
 * does not know the key.
 */

/** The names a service on the loopback interface answers to, on any port. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** A `Host` value split into its lowercased name and its port ('' when none is given). */
function splitHost(value: string): { name: string; port: string } | undefined {
  const host = value.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]\s]+)(?::(\d{1,5}))?$/.exec(host);
  if (!match) return undefined;
  return { name: match[1] ?? '', port: match[2] ?? '' };
}

/**
 * Whether a request's `Host` header names this service: one of `allowed` ('localhost' for any port, or
 * 'localhost:5050' for one port only). A missing or malformed header is refused.
 */
export function isAllowedHost(host: string | undefined, allowed: readonly string[]): boolean {
  const given = host === undefined ? undefined : splitHost(host);
  if (!given) return false;
  return allowed.some((entry) => {
    const expected = splitHost(entry);
    return (
      expected !== undefined &&
      expected.name === given.name &&
      (expected.port === '' || expected.port === given.port)
    );
  });
}

/**
 * Whether `given` is the secret `expected`, in a time that depends only on the length of `expected`: every
 * character is compared whatever came before, so timing a wrong guess tells nothing of how much of it was right.
 */
export function sameSecret(given: string, expected: string): boolean {
  let difference = given.length === expected.length ? 0 : 1;
  for (let i = 0; i < expected.length; i += 1) {
    difference |= expected.charCodeAt(i) ^ (i < given.length ? given.charCodeAt(i) : 0);
  }
  return difference === 0 && expected.length > 0;
}

/** The credential of an `Authorization: Bearer <credential>` header, or undefined. */
export function bearerCredential(authorization: string | undefined): string | undefined {
  const match = /^Bearer +(\S+)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}
