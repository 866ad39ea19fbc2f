/**
 * The identity demo's fine-grained sample queries (REQ-screen-demo-pillars, REQ-kb; REQ-screen-demo-pillars):
 * the mock API's policy (packages/mocks users.ts `fgaSamples`) with the server's authorizer, so with
 * FGA_API_URL the answers come from OpenFGA. The queries touch no patient data: nothing is audited.
 */
import { ok } from '@sentinel/domain';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import { runFgaSampleQueries, type Authorizer } from '../fga';
import type { RouteImpls } from '../routes';

export function identityRoutes(knowledge: () => KnowledgeBundle, authorizer: Authorizer) {
  return {
    // An authorizer that cannot answer rejects: the call answers 500, never a made-up outcome.
    fgaSamples: async () => ok({ items: await runFgaSampleQueries(authorizer, knowledge().documents) }),
  } satisfies Partial<RouteImpls>;
}
