import { describe, expect, it } from 'vitest';
import { doctorSubheading } from './DoctorPortal.utils';

describe('the line under a doctor’s greeting', () => {
  it('shows the specialization and the department', () => {
    expect(doctorSubheading({ specialization: 'Cardiology', department: 'Heart Center' })).toBe(
      'Cardiology · Heart Center',
    );
  });
  it('shows a department named like the specialization once', () => {
    expect(doctorSubheading({ specialization: 'Endocrinology', department: 'Endocrinology' })).toBe(
      'Endocrinology',
    );
  });
  it('leaves out what is missing or blank', () => {
    expect(doctorSubheading({ specialization: 'Cardiology', department: ' ' })).toBe('Cardiology');
    expect(doctorSubheading({})).toBe('');
  });
});
