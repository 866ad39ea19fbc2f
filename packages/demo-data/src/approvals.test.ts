import { APPROVAL_TTL_MS, PERMISSION_ALERTS, effectiveStatus } from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { SAMPLE_PROPOSALS, seedApprovals } from './approvals';
import { FIXED_NOW } from './clock';
import { seedUsers } from './fixtures/index';
import { PERSONAS } from './personas';

/** Ids as a store draws them: per prefix, counting from 1001. */
function idSource() {
  const counters = new Map<string, number>();
  return (prefix: string) => {
    const n = (counters.get(prefix) ?? 1000) + 1;
    counters.set(prefix, n);
    return `${prefix}-${n}`;
  };
}

const seedFor = (states: Parameters<typeof seedApprovals>[0]['states'], approver = PERSONAS.alice) =>
  seedApprovals({ approver, users: seedUsers(), states, now: FIXED_NOW, nextId: idSource() });

describe('seeded approval requests', () => {
  it('gives one request per state asked for, asked of the approver, made of the sample proposals in turn', () => {
    const { requests } = seedFor(['pending', 'approved', 'denied', 'expired']);
    expect(requests.map((r) => r.id)).toStrictEqual(['apr-1001', 'apr-1002', 'apr-1003', 'apr-1004']);
    expect(requests.map((r) => r.approverSub)).toStrictEqual(Array(4).fill(PERSONAS.alice.sub));
    expect(requests.map((r) => r.prescription.medication)).toStrictEqual(
      SAMPLE_PROPOSALS.map((p) => p.medication),
    );
    // An expired request was never looked at: it is stored pending and reads expired.
    expect(requests.map((r) => r.status)).toStrictEqual(['pending', 'approved', 'denied', 'pending']);
    expect(requests.map((r) => effectiveStatus(r, FIXED_NOW))).toStrictEqual([
      'pending',
      'approved',
      'denied',
      'expired',
    ]);
  });

  it('names the patient of the directory each proposal is for', () => {
    const { requests } = seedFor(['pending', 'pending']);
    expect(requests.map((r) => r.patientId)).toStrictEqual([
      PERSONAS.jane.patientId,
      PERSONAS.john.patientId,
    ]);
  });

  it('writes the prescription of an approved request, by the approver, with the id it names', () => {
    const { requests, prescriptions } = seedFor(['approved', 'denied']);
    expect(prescriptions).toHaveLength(1);
    expect(prescriptions[0]).toMatchObject({
      id: 'rx-1001',
      medication: SAMPLE_PROPOSALS[0]?.medication,
      prescribedBy: PERSONAS.alice.name,
    });
    expect(requests[0]?.prescriptionId).toBe('rx-1001');
    expect(requests[1]?.prescriptionId).toBeNull();
  });

  it('files pending requests minutes apart, so each has time left and the first has the most', () => {
    const { requests } = seedFor(['pending', 'pending', 'pending']);
    const left = requests.map((r) => Date.parse(r.createdAt) + APPROVAL_TTL_MS - FIXED_NOW.getTime());
    expect(left.every((ms) => ms > 0)).toBe(true);
    expect(left).toStrictEqual([...left].sort((a, b) => b - a));
  });

  it('refuses an approver who may not prescribe, naming the state it could not build', () => {
    expect(() => seedFor(['pending'], PERSONAS.nora)).toThrow(
      `Seeding pending: ${PERMISSION_ALERTS.createPrescriptions}`,
    );
  });
});
