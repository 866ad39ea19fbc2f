import type { z } from 'zod';
import { fail, ok, type Result } from './result';

/** Parses outside data with a schema; failures become `invalid_input` with one message per field path. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  what = 'input',
): Result<z.infer<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.length ? issue.path.join('.') : '(root)';
    fields[path] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .map(([path, message]) => `${path}: ${message}`)
    .join('; ');
  return fail('invalid_input', `Invalid ${what}: ${summary}`, fields);
}
