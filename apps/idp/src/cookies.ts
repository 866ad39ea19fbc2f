import type { IncomingMessage } from 'node:http';

/** Every value a request's Cookie header carries under `name`, in the order sent (a browser may send two). */
export function cookieValues(req: IncomingMessage, name: string): string[] {
  const values: string[] = [];
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) values.push(part.slice(eq + 1).trim());
  }
  return values;
}
