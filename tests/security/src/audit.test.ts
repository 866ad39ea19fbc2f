/**
 * The audit trail through the role x route matrix (ASVS 7.1.3, 7.2.1, 7.3.3; HIPAA 164.312(b)): every call of
 * a route that touches protected data, allowed or refused, leaves exactly one audit row naming the caller, the
 * action and the outcome; calls of routes that touch none leave none; and no call of any route, deletions
 * included, changes or removes a row written before it. (The database triggers that refuse UPDATE and DELETE
 * on the table are proven in apps/api/src/store/store.test.ts.)
 */
import { proposeAs, signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import { ROUTES, type AuditEvent, type HttpMethod, type RouteName } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed, type PersonaKey } from '@sentinel/demo-data';
import type { JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSigningKey, send, type Keys } from './support';
import { MINIMAL_REQUESTS, PROPOSAL, type MatrixContext } from './requests';

/** The six roles of REQ-access, one persona each (as in access.test.ts). */
const ROLE_PERSONAS = [
  'jane',
  'alice',
  'sam',
  'nora',
  'phil',
  'dana',
] as const satisfies readonly PersonaKey[];

let key: Keys & { jwk: JWK };
beforeAll(async () => {
  key = await createSigningKey('test-key');
});

const auditRows = (server: TestServer) => server.store.transaction((tx) => tx.listAudit({ all: true }));

/** One call of the matrix and what it did to the audit trail. */
type Observed = { readonly line: string; readonly status: number; readonly added: AuditEvent[] };

/**
 * Sends every route's minimal request as `persona`, in the matrix order, and checks after each call that the
 * rows written before it are all still there, unchanged and in order.
 */
async function runMatrix(persona: PersonaKey): Promise<{ observed: Observed[]; tampered: string[] }> {
  const server = await startTestServer({ key });
  try {
    const token = await signAccessToken(key.privateKey, persona);
    const mayPropose = PERSONAS[persona].permissions.includes('write:prescriptions');
    const proposal = await proposeAs(server.store, mayPropose ? persona : 'alice', PROPOSAL, FIXED_NOW);
    if (!proposal.ok) throw new Error(proposal.error.message);
    const ctx: MatrixContext = { approvalId: proposal.value.id };

    const observed: Observed[] = [];
    const tampered: string[] = [];
    let before = await auditRows(server);
    for (const [name, minimal] of Object.entries(MINIMAL_REQUESTS)) {
      const route = ROUTES[name as RouteName];
      const request = minimal(ctx);
      const answer = await send(server.app, {
        method: route.method as HttpMethod,
        url: request.url,
        token,
        ...(request.body === undefined ? {} : { body: request.body }),
      });
      const after = await auditRows(server);
      const line = `${name}: ${route.method} ${request.url} -> ${answer.status}`;
      if (JSON.stringify(after.slice(0, before.length)) !== JSON.stringify(before)) tampered.push(line);
      observed.push({ line, status: answer.status, added: after.slice(before.length) });
      before = after;
    }
    return { observed, tampered };
  } finally {
    await server.close();
  }
}

describe('one audit row per protected call, through the matrix', () => {
  for (const persona of ROLE_PERSONAS) {
    const { sub, role } = PERSONAS[persona];
    it(`${persona} (${role}): each read, write and refusal of protected data leaves exactly one row, and no call changes an earlier one`, async () => {
      const { observed, tampered } = await runMatrix(persona);
      const wrong: string[] = [];
      for (const [index, { line, status, added }] of observed.entries()) {
        const name = Object.keys(MINIMAL_REQUESTS)[index] as RouteName;
        const audit = ROUTES[name].audit;
        if (!audit) {
          if (added.length)
            wrong.push(`${line}: ${added.length} rows for a route that touches no protected data`);
          continue;
        }
        if (added.length !== 1) {
          wrong.push(`${line}: ${added.length} rows, expected exactly one`);
          continue;
        }
        const [row] = added as [AuditEvent];
        const outcome = status < 300 ? 'allowed' : 'denied';
        const problems = [
          row.actorSub === sub ? '' : `actor ${row.actorSub}`,
          row.action === audit.action ? '' : `action ${row.action}`,
          row.resourceType === audit.resourceType ? '' : `resource type ${row.resourceType}`,
          row.outcome === outcome ? '' : `outcome ${row.outcome}, expected ${outcome}`,
          row.timestamp === FIXED_NOW.toISOString() ? '' : `timestamp ${row.timestamp}`,
        ].filter(Boolean);
        if (problems.length) wrong.push(`${line}: ${problems.join(', ')}`);
      }
      expect(wrong, `${persona}: audit rows that break the rule`).toEqual([]);
      expect(tampered, `${persona}: calls after which an earlier audit row had changed or gone`).toEqual([]);
      // The matrix covers both sides: calls the role may make and calls it is refused.
      const protectedCalls = observed.filter(
        (_, i) => ROUTES[Object.keys(MINIMAL_REQUESTS)[i] as RouteName].audit,
      );
      expect(protectedCalls.some((call) => call.added[0]?.outcome === 'allowed')).toBe(true);
      if (persona !== 'sam')
        expect(protectedCalls.some((call) => call.added[0]?.outcome === 'denied')).toBe(true);
    });
  }
});

describe('audit rows of refusals and of deleted data', () => {
  it("a patient opening another patient's record leaves one denied row naming the record, and no data", async () => {
    const server = await startTestServer({ key });
    try {
      const other = seed(FIXED_NOW).records.find((r) => r.patientEmail !== PERSONAS.jane.email);
      if (!other) throw new Error('the seed has no record of another patient');
      const before = await auditRows(server);
      const answer = await send(server.app, {
        url: `/api/records/${other.id}`,
        token: await signAccessToken(key.privateKey, 'jane'),
      });
      expect(answer.status).toBe(404);
      expect(answer.text).not.toContain(other.title);
      const added = (await auditRows(server)).slice(before.length);
      expect(added).toHaveLength(1);
      expect(added[0]).toMatchObject({
        actorSub: PERSONAS.jane.sub,
        action: 'read',
        resourceType: 'record',
        resourceId: other.id,
        outcome: 'denied',
      });
    } finally {
      await server.close();
    }
  });

  it("deleting a user leaves every audit row of that user's calls in place", async () => {
    const server = await startTestServer({ key });
    try {
      const victim = { id: PERSONAS.john.sub };
      // John makes calls of his own first.
      const own = await signAccessToken(key.privateKey, 'john');
      expect((await send(server.app, { url: '/api/appointments', token: own })).status).toBe(200);
      expect((await send(server.app, { url: '/api/records', token: own })).status).toBe(200);
      const theirs = (await auditRows(server)).filter((row) => row.actorSub === victim.id);
      expect(theirs).toHaveLength(2);

      const admin = await signAccessToken(key.privateKey, 'sam');
      const deleted = await send(server.app, {
        method: 'DELETE',
        url: `/api/users/${encodeURIComponent(victim.id)}`,
        token: admin,
      });
      expect(deleted.status).toBe(204);
      const after = await auditRows(server);
      expect(after.filter((row) => row.actorSub === victim.id)).toEqual(theirs);
      expect(after.at(-1)).toMatchObject({
        actorSub: PERSONAS.sam.sub,
        action: 'delete',
        resourceType: 'user',
      });
    } finally {
      await server.close();
    }
  });
});
