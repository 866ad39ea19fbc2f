/**
 * The mock API and the real server answer every scenario alike: same status, same body (or the same parsed
 * chat events), same audit rows. The mock (Expected, -) is the reference only for the diff's layout: when they
 * differ, the spec and the contract decide which side is wrong.
 */
import { ROUTE_NAMES, matchRoute, type AuditEvent, type RouteName } from '@sentinel/domain/contract';
import { proposeAs as proposeOnServer } from '@sentinel/api/testkit';
import { proposeAs as proposeOnMock } from '@sentinel/mocks';
import { FIXED_NOW, PERSONA_KEYS } from '@sentinel/demo-data';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  approvalSequences,
  contractScenarios,
  pathOf,
  vaultSequences,
  type Proposal,
  type Scenario,
} from './scenarios';
import {
  closeCalendars,
  createKeys,
  createMockSide,
  createTokens,
  startServerSide,
  type Keys,
  type Observed,
  type ServerSide,
  type Target,
} from './targets';

const { shared, sequences } = contractScenarios();
const approvals = approvalSequences();
const vault = vaultSequences();
const everyScenario: readonly Scenario[] = [
  ...shared,
  ...sequences.flatMap((sequence) => sequence.steps),
  ...approvals.flatMap((sequence) => sequence.steps),
  ...vault.flatMap((sequence) => sequence.steps),
];

/** The admin's view of the audit trail: every row. */
const AUDIT_AS_ADMIN: Scenario = {
  name: 'sam: listAudit (the whole audit trail)',
  persona: 'sam',
  method: 'GET',
  path: pathOf('listAudit'),
};

const routeOf = (scenario: Scenario): RouteName | undefined =>
  matchRoute(scenario.method, scenario.path.split('?')[0] ?? '')?.name;

function expectSame(label: string, mock: Observed, server: Observed): void {
  expect(
    server,
    `${label}\nThe server (Received, +) answered differently from the mock (Expected, -)`,
  ).toEqual(mock);
}

function expectStatus(label: string, scenario: Scenario, observed: Observed): void {
  if (scenario.expect === undefined) return;
  expect(
    observed.status,
    `${label}\nBoth sides agree, but not with the status the spec leads us to expect`,
  ).toBe(scenario.expect);
}

async function callBoth(mock: Target, server: Target, scenario: Scenario): Promise<[Observed, Observed]> {
  return Promise.all([mock.call(scenario), server.call(scenario)]);
}

/** The audit rows of an admin's listing. */
function auditRows(observed: Observed): readonly AuditEvent[] {
  expect(observed.status, 'the admin reads the audit trail').toBe(200);
  return (observed.body as { items: AuditEvent[] }).items;
}

/**
 * The server runs on SQLite and on PostgreSQL (the store is one query layer over both). On CI PostgreSQL is
 * required; elsewhere without it the server side runs on SQLite only, and says so.
 */
const postgresUrl = inject('postgresUrl');
const onCi = process.env.CI === 'true';
if (!postgresUrl && !onCi) console.warn('PostgreSQL is not installed: the contract runs on SQLite only.');
const DIALECTS = postgresUrl || onCi ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
function databaseFor(dialect: (typeof DIALECTS)[number]): string | undefined {
  if (dialect === 'sqlite') return undefined;
  if (!postgresUrl) throw new Error('CI=true but no PostgreSQL: install it (apt-get install postgresql).');
  return postgresUrl;
}

const mock = createMockSide();
let keys: Keys;
let tokenFor: Awaited<ReturnType<typeof createTokens>>;

beforeAll(async () => {
  mock.msw.listen({ onUnhandledRequest: 'error' });
  keys = await createKeys();
  tokenFor = await createTokens(keys);
});
afterAll(async () => {
  mock.msw.close();
  await closeCalendars();
});

describe('the scenario list', () => {
  it('calls every route of the contract, and outside it only paths that cannot be decoded or must be 404', () => {
    const decodable = (path: string) => {
      try {
        decodeURIComponent(path);
        return true;
      } catch {
        return false;
      }
    };
    // A path no route takes is there on purpose only to show both sides answer it alike: 400 or 404.
    const outside = everyScenario.filter(
      (scenario) => !routeOf(scenario) && decodable(scenario.path) && scenario.expect !== 404,
    );
    expect(outside.map((scenario) => scenario.name)).toEqual([]);
    const covered = new Set(everyScenario.map(routeOf));
    expect(ROUTE_NAMES.filter((name) => !covered.has(name))).toEqual([]);
  });

  it('has every persona call every route', () => {
    const pairs = new Set(
      everyScenario.map((scenario) => `${scenario.persona ?? 'none'} ${routeOf(scenario)}`),
    );
    const missing = ROUTE_NAMES.flatMap((name) =>
      [...PERSONA_KEYS, 'none']
        .filter((persona) => !pairs.has(`${persona} ${name}`))
        .map((p) => `${p} ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('has, on every route, a call that succeeds and one that is refused', () => {
    const outcomes = (name: RouteName) =>
      new Set(everyScenario.filter((s) => routeOf(s) === name).map((s) => (s.expect ?? 0) < 300));
    expect(ROUTE_NAMES.filter((name) => outcomes(name).size < 2)).toEqual([]);
  });

  it('gives every scenario a distinct name', () => {
    const names = [
      ...shared.map((s) => s.name),
      ...sequences.map((s) => s.name),
      ...approvals.map((s) => s.name),
      ...vault.map((s) => s.name),
    ];
    expect(names.length - new Set(names).size).toBe(0);
  });
});

describe.each(DIALECTS)('on %s:', (dialect) => {
  describe('reads and refusals, one after another on one mock and one server', () => {
    let server: ServerSide;
    /** Audit rows already compared, per side (they stay equal unless a scenario fails). */
    const seen = { mock: 0, server: 0 };

    beforeAll(async () => {
      mock.reset();
      server = await startServerSide(keys, tokenFor, databaseFor(dialect));
    });
    afterAll(() => server.close());

    for (const scenario of shared) {
      it(scenario.name, async () => {
        const [fromMock, fromServer] = await callBoth(mock.target, server.target, scenario);
        // The rows this call wrote, read from both stores: listing the whole trail through the API after each of
        // several hundred calls would cost more than the calls themselves. The API's listing is compared below.
        const [mockRows, serverRows] = await Promise.all([mock.auditRows(), server.auditRows()]);
        const added = { mock: mockRows.slice(seen.mock), server: serverRows.slice(seen.server) };
        seen.mock = mockRows.length;
        seen.server = serverRows.length;

        expectSame(scenario.name, fromMock, fromServer);
        expect(added.server, `${scenario.name}\nThe audit rows this call wrote differ`).toEqual(added.mock);
        expectStatus(scenario.name, scenario, fromMock);
      });
    }

    it('the whole audit trail of these calls, as the admin reads it through the API, is the same', async () => {
      const [fromMock, fromServer] = await callBoth(mock.target, server.target, AUDIT_AS_ADMIN);
      expectSame(AUDIT_AS_ADMIN.name, fromMock, fromServer);
      // Exactly the rows compared call by call above: the stores and the API listing agree.
      expect(auditRows(fromMock)).toHaveLength(seen.mock);
    });
  });

  describe('calls that change data, each sequence on a fresh mock and a fresh server', () => {
    for (const sequence of sequences)
      it(sequence.name, async () => {
        mock.reset();
        const server = await startServerSide(keys, tokenFor, databaseFor(dialect));
        try {
          for (const [index, step] of sequence.steps.entries()) {
            const label = `${sequence.name}\nstep ${index + 1} of ${sequence.steps.length}: ${step.name}`;
            const [fromMock, fromServer] = await callBoth(mock.target, server.target, step);
            expectSame(label, fromMock, fromServer);
            expectStatus(label, step, fromMock);
          }
          const [mockAudit, serverAudit] = await callBoth(mock.target, server.target, AUDIT_AS_ADMIN);
          expect(auditRows(serverAudit), `${sequence.name}\nThe audit trails differ`).toEqual(
            auditRows(mockAudit),
          );
        } finally {
          await server.close();
        }
      });
  });

  // --- Approval requests (asynchronous authorization, REQ-tool-approvals) --------------------------------------
  // No route files an approval request: only the assistant's prescription tool does. Each sequence first files
  // its proposals on both sides through the store-level `proposeAs` (the tool's own `proposePrescription`, as the
  // persona), at the same instant, then compares the routes' answers and the whole audit trail as above.
  describe('approval requests the assistant filed, each sequence on a fresh mock and a fresh server', () => {
    const fileOnBoth = async (server: ServerSide, proposal: Proposal) => {
      const at = new Date(FIXED_NOW.getTime() - proposal.minutesAgo * 60_000);
      const onMock = await proposeOnMock(mock.api, proposal.persona, proposal.prescription, at);
      const onServer = await proposeOnServer(
        server.server.store,
        proposal.persona,
        proposal.prescription,
        at,
      );
      expect(onServer, 'the filed request').toEqual(onMock);
      expect(onMock.ok, 'the proposal was filed').toBe(true);
    };

    for (const sequence of approvals)
      it(sequence.name, async () => {
        mock.reset();
        const server = await startServerSide(keys, tokenFor, databaseFor(dialect));
        try {
          for (const proposal of sequence.proposals) await fileOnBoth(server, proposal);
          for (const [index, step] of sequence.steps.entries()) {
            const label = `${sequence.name}\nstep ${index + 1} of ${sequence.steps.length}: ${step.name}`;
            const [fromMock, fromServer] = await callBoth(mock.target, server.target, step);
            expectSame(label, fromMock, fromServer);
            expectStatus(label, step, fromMock);
          }
          const [mockAudit, serverAudit] = await callBoth(mock.target, server.target, AUDIT_AS_ADMIN);
          expect(auditRows(serverAudit), `${sequence.name}\nThe audit trails differ`).toEqual(
            auditRows(mockAudit),
          );
        } finally {
          await server.close();
        }
      });
  });

  // --- Token vault (REQ-tool-vault): calendar connection and events -----------------------------------------
  // The server reads the events from the real calendar service with calendar tokens (targets.ts); the mock from
  // its store. Each sequence on a fresh mock and a fresh server; the calendar is shared (no route writes it).
  describe('the token vault’s calendar, each sequence on a fresh mock and a fresh server', () => {
    for (const sequence of vault)
      it(sequence.name, async () => {
        mock.reset();
        const server = await startServerSide(keys, tokenFor, databaseFor(dialect));
        try {
          for (const [index, step] of sequence.steps.entries()) {
            const label = `${sequence.name}\nstep ${index + 1} of ${sequence.steps.length}: ${step.name}`;
            const [fromMock, fromServer] = await callBoth(mock.target, server.target, step);
            expectSame(label, fromMock, fromServer);
            expectStatus(label, step, fromMock);
          }
          const [mockAudit, serverAudit] = await callBoth(mock.target, server.target, AUDIT_AS_ADMIN);
          expect(auditRows(serverAudit), `${sequence.name}\nThe audit trails differ`).toEqual(
            auditRows(mockAudit),
          );
        } finally {
          await server.close();
        }
      });
  });
});
