/**
 * The contract check of a list answer (`{ items: [...] }`, the contract's `listOf`), item by item, remembering
 * the items already found valid. Checking a dozen records against their schema was the largest single cost of a
 * GET /api/records (about 15% of the requests a second, REQ-perf-api), and a list is mostly the same items call after
 * call. The check is a pure function of an item's JSON text (the contract's item schemas read no clock and no
 * caller; keep them so): an item whose text was checked before is answered
 * with the text its check produced, without running the check again; any other item (new, or changed in any
 * way) is checked in full. So every answer is still exactly what a full check would let out, and an item that
 * breaks the contract is refused every time it comes.
 *
 * What is remembered stays in this process's memory (the JSON of answers it has sent, as the database's own page
 * cache holds the rows), bounded per item schema by `maxChars`; the oldest go first.
 */
import { z } from 'zod';

export type CheckedAnswer =
  { readonly ok: true; readonly json: string } | { readonly ok: false; readonly message: string };

/** Characters of JSON remembered per item schema (keys and distinct answers): a few thousand records. */
export const REMEMBERED_CHARS_PER_SCHEMA = 4_000_000;

/** The item schema of a `{ items: T[] }` answer, or undefined for any other shape. */
export function listItemSchema(schema: z.ZodType): z.ZodType | undefined {
  if (!(schema instanceof z.ZodObject)) return undefined;
  const keys = Object.keys(schema.shape);
  if (keys.length !== 1 || keys[0] !== 'items') return undefined;
  const items: unknown = schema.shape.items;
  return items instanceof z.ZodArray ? (items.element as z.ZodType) : undefined;
}

const isItemsOnly = (value: unknown): value is { items: unknown[] } =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  Array.isArray((value as { items?: unknown }).items);

/** Checks list answers against `schema`'s item schema, remembering up to `maxChars` of checked items. */
export function createListCheck(item: z.ZodType, maxChars = REMEMBERED_CHARS_PER_SCHEMA) {
  /** An item's JSON text -> the JSON text of what its check let out (the same string when nothing changed). */
  const checked = new Map<string, string>();
  let chars = 0;

  const remember = (text: string, out: string) => {
    const size = text.length + (out === text ? 0 : out.length);
    if (size > maxChars) return;
    while (chars + size > maxChars) {
      const [oldest, oldOut] = checked.entries().next().value as [string, string];
      checked.delete(oldest);
      chars -= oldest.length + (oldOut === oldest ? 0 : oldOut.length);
    }
    checked.set(text, out);
    chars += size;
  };

  /** The answer's JSON when it is a list of valid items; undefined when it is not `{ items: [...] }` at all. */
  return (value: unknown): CheckedAnswer | undefined => {
    if (!isItemsOnly(value)) return undefined;
    const parts: string[] = [];
    for (const [index, entry] of value.items.entries()) {
      const text = JSON.stringify(entry) as string | undefined;
      const known = text === undefined ? undefined : checked.get(text);
      if (known !== undefined) {
        parts.push(known);
        continue;
      }
      const parsed = item.safeParse(entry);
      if (!parsed.success) return { ok: false, message: `items.${index}: ${parsed.error.message}` };
      const out = JSON.stringify(parsed.data);
      if (text !== undefined) remember(text, out === text ? text : out);
      parts.push(out);
    }
    return { ok: true, json: `{"items":[${parts.join(',')}]}` };
  };
}

/** One list check per list schema, made on first use. */
export function listChecks(maxChars = REMEMBERED_CHARS_PER_SCHEMA) {
  const made = new WeakMap<z.ZodType, ReturnType<typeof createListCheck> | null>();
  return (schema: z.ZodType) => {
    let check = made.get(schema);
    if (check === undefined) {
      const item = listItemSchema(schema);
      check = item ? createListCheck(item, maxChars) : null;
      made.set(schema, check);
    }
    return check ?? undefined;
  };
}
