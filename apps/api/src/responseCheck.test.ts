import { MedicalRecordListResponseSchema, MedicalRecordResponseSchema } from '@sentinel/domain/contract';
import { seed } from '@sentinel/demo-data';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createListCheck, listChecks, listItemSchema } from '@sentinel/service';

const RECORDS = seed(new Date('2026-11-20T12:00:00Z')).records;
const fullCheck = (value: unknown) => JSON.stringify(MedicalRecordListResponseSchema.parse(value));

describe('the list answer check', () => {
  it('finds the item schema of { items: T[] } answers only', () => {
    expect(listItemSchema(MedicalRecordListResponseSchema)).toBe(MedicalRecordResponseSchema);
    expect(listItemSchema(MedicalRecordResponseSchema)).toBeUndefined();
    expect(listItemSchema(z.strictObject({ items: z.string() }))).toBeUndefined();
    expect(listItemSchema(z.strictObject({ items: z.array(z.string()), total: z.number() }))).toBeUndefined();
    expect(listChecks()(z.string())).toBeUndefined();
  });

  it('answers the JSON text the full check would let out, the first time and every time after', () => {
    const check = createListCheck(MedicalRecordResponseSchema);
    const answer = { items: RECORDS };
    expect(check(answer)).toEqual({ ok: true, json: fullCheck(answer) });
    expect(check(answer)).toEqual({ ok: true, json: fullCheck(answer) });
    expect(check({ items: [] })).toEqual({ ok: true, json: '{"items":[]}' });
  });

  it('checks an item only the first time its text is seen', () => {
    const item = MedicalRecordResponseSchema;
    const spy = vi.spyOn(item, 'safeParse');
    const check = createListCheck(item);
    check({ items: RECORDS });
    check({ items: RECORDS.map((record) => ({ ...record })) });
    expect(spy).toHaveBeenCalledTimes(RECORDS.length);
    // Changed in any way: checked again.
    check({ items: [{ ...RECORDS[0], title: 'Type 2 diabetes mellitus, reviewed' }] });
    expect(spy).toHaveBeenCalledTimes(RECORDS.length + 1);
    spy.mockRestore();
  });

  it('answers what the check let out, not what came in (a required text is trimmed)', () => {
    const check = createListCheck(MedicalRecordResponseSchema);
    const padded = { ...RECORDS[0], title: '  Type 2 diabetes mellitus  ' };
    for (let i = 0; i < 2; i += 1) {
      const answer = check({ items: [padded] });
      expect(answer).toEqual({ ok: true, json: fullCheck({ items: [padded] }) });
      expect(answer?.ok && JSON.parse(answer.json).items[0].title).toBe('Type 2 diabetes mellitus');
    }
  });

  it('refuses a list with an item that breaks the contract, every time, even among items found valid', () => {
    const check = createListCheck(MedicalRecordResponseSchema);
    check({ items: RECORDS });
    const leaking = { ...RECORDS[1], internalNote: 'not for the answer' };
    for (let i = 0; i < 2; i += 1) {
      const answer = check({ items: [RECORDS[0], leaking] });
      expect(answer?.ok).toBe(false);
      expect(answer?.ok === false && answer.message).toMatch(/^items\.1: .*internalNote/s);
    }
    expect(check({ items: [{ ...RECORDS[0], recordType: 'gossip' }] })?.ok).toBe(false);
    expect(check({ items: [undefined] })?.ok).toBe(false);
  });

  it('leaves anything but { items: [...] } to the full check', () => {
    const check = createListCheck(MedicalRecordResponseSchema);
    expect(check({ items: RECORDS, total: 6 })).toBeUndefined();
    expect(check({ items: 'none' })).toBeUndefined();
    expect(check([RECORDS[0]])).toBeUndefined();
    expect(check(null)).toBeUndefined();
  });

  it('remembers a bounded amount, the oldest items going first', () => {
    const item = MedicalRecordResponseSchema;
    const one = JSON.stringify(RECORDS[0]).length;
    const check = createListCheck(item, one * 2);
    const spy = vi.spyOn(item, 'safeParse');
    const titled = (n: number) => ({ ...RECORDS[0], title: `Visit ${n}`.padEnd(24, '.') });
    check({ items: [titled(1), titled(2), titled(3)] });
    expect(spy).toHaveBeenCalledTimes(3);
    // Room for about two: the newest are still known, the first is checked again.
    check({ items: [titled(3)] });
    expect(spy).toHaveBeenCalledTimes(3);
    check({ items: [titled(1)] });
    expect(spy).toHaveBeenCalledTimes(4);
    spy.mockRestore();
  });
});
