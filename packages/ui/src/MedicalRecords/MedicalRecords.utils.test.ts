import { RECORD_FILTERS, filterRecords, type MedicalRecord } from '@sentinel/domain';
import { seedRecords } from '@sentinel/mocks';
import { describe, expect, it } from 'vitest';
import { createRecordFilter } from './MedicalRecords.utils';

/** The seeded records plus a few with mixed case, accents and a blank patient name (as patients get them). */
const records: MedicalRecord[] = [
  ...seedRecords(),
  ...['ÉCG at rest', 'Follow-up: Ömer', 'LISINOPRIL review'].map((title, i): MedicalRecord => ({
    ...(seedRecords()[i] as MedicalRecord),
    id: `extra-${i}`,
    title,
    patientName: i === 1 ? '' : 'Zoë Adams',
  })),
];

const SEARCHES = [
  '',
  '  ',
  'diabetes',
  'DIABETES',
  ' metformin ',
  'jane doe',
  'john roe',
  'mg',
  'écg',
  'ömer',
  'zoë',
  'lisinopril',
  'no such thing',
  'a\u0000b',
];

describe('the record search of the medical records screen', () => {
  it('returns exactly what the domain rule filterRecords returns, for every type and search', () => {
    const filterOf = createRecordFilter(records);
    for (const type of RECORD_FILTERS) {
      for (const search of SEARCHES) {
        expect(filterOf(search, type), `${type} / '${search}'`).toEqual(filterRecords(records, search, type));
      }
    }
  });

  it('never matches across two fields, e.g. the end of a title and the start of its description', () => {
    const [first] = seedRecords() as [MedicalRecord];
    const spanning = `${first.title.slice(-4)}${first.description.slice(0, 4)}`.toLowerCase();
    expect(createRecordFilter([first])(spanning, 'all')).toEqual([]);
  });
});
