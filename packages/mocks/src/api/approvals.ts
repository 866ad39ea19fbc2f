/**
 * Approval requests (REQ-tool-approvals) for stories and tests: filed as the assistant's prescription tool files
 * them (`proposeAs`, the server's code), or seeded as data (`seedApprovalRequests`, demo-data's
 * `seedApprovals` written into the store). The routes the clinician answers them with are the server's too.
 */
import type { Result } from '@sentinel/domain';
import type { ApprovalRequest, ApprovalStatus } from '@sentinel/domain/contract';
import { PERSONAS, seedApprovals, signInMethodsFor, type PersonaKey } from '@sentinel/demo-data';
import { callerOfAccount, proposeAsAccount } from '@sentinel/service';
import type { MockApi } from './handlers';
import type { MockStore } from './store';

/**
 * What the assistant's prescription tool does for the persona `who` as they sign in (the server's
 * `proposePrescription`, with its audit row), in a transaction of the mock API's store. For stories and tests
 * that need requests without a chat.
 */
export function proposeAs(
  api: Pick<MockApi, 'backing'>,
  who: PersonaKey,
  proposal: unknown,
  now: Date,
): Promise<Result<ApprovalRequest>> {
  const persona = PERSONAS[who];
  return proposeAsAccount(api.backing, { sub: persona.sub, amr: signInMethodsFor(persona) }, proposal, now);
}

/**
 * Puts approval requests asked of `who` into the store, one per entry of `states` (see `seedApprovals`), with
 * the prescriptions the approved ones wrote, on the store's clock. Seeds are data, not calls: no audit rows.
 */
export function seedApprovalRequests(
  store: MockStore,
  who: PersonaKey,
  states: readonly ApprovalStatus[],
): ApprovalRequest[] {
  const persona = PERSONAS[who];
  return store.seed((ops) => {
    const signedIn = callerOfAccount(
      { sub: persona.sub, amr: signInMethodsFor(persona) },
      ops.getUser(persona.sub),
    );
    if (!signedIn.ok) throw new Error(`Persona ${who}: ${signedIn.error.message}`);
    const { requests, prescriptions } = seedApprovals({
      approver: signedIn.value.user,
      users: ops.listUsers(),
      states,
      now: store.now,
      nextId: ops.nextId,
    });
    for (const prescription of prescriptions) ops.insert('prescriptions', prescription);
    for (const request of requests) ops.insertApproval(request);
    return requests;
  });
}
