/**
 * The demo page's four fine-grained sample queries (the domain's FGA_SAMPLE_QUERIES, REQ-screen-demo-pillars,
 * REQ-kb-fga, point 5), run through the server's authorizer: locally, or on an OpenFGA server when
 * FGA_API_URL is set.
 */
import {
  FGA_SAMPLE_QUERIES,
  fgaSampleChecks,
  fgaSampleResult,
  type FgaSampleQuery,
  type FgaSampleResult,
  type KnowledgeDocument,
} from '@sentinel/domain';
import { authorize, type Authorizer } from './authorizer';

/** Runs the sample queries through an authorizer (local or OpenFGA), in order. */
export async function runFgaSampleQueries(
  authorizer: Authorizer,
  documents: readonly KnowledgeDocument[],
  queries: readonly FgaSampleQuery[] = FGA_SAMPLE_QUERIES,
): Promise<FgaSampleResult[]> {
  const results: FgaSampleResult[] = [];
  for (const query of queries) {
    const checks = fgaSampleChecks(query, documents);
    if (!checks.ok) throw new Error(checks.error.message);
    const allowed = await authorize(authorizer, checks.value.view);
    const noted = await authorize(authorizer, checks.value.note);
    results.push(fgaSampleResult(query, allowed, noted));
  }
  return results;
}
