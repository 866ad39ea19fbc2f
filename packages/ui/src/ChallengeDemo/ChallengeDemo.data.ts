/**
 * The three pillar demos of the challenge page (REQ-product-pillars, REQ-screen-demo-pillars, REQ-err-feature-off, REQ-limit-demo-queries), each a check against the API:
 * user authentication (`GET /api/me`), token vault (`GET /api/identity/status`; while the vault is on, the page
 * then offers the calendar connection through it) and fine-grained authorization (the 4 sample queries of the
 * authorization model, `GET /api/identity/fga-samples`).
 */
import { useMutation, type UseMutationResult } from '@tanstack/react-query';
import { DEMO_ERRORS, DEMO_TEXTS, type DashboardRole, type Role } from '@sentinel/domain';
import type { ResponseBody } from '@sentinel/domain/contract';
import { useApi } from '../api/ApiProvider';
import { useSession } from '../session/SessionProvider';

export const DEMO_KINDS = ['authentication', 'tokenVault', 'fga'] as const;
export type DemoKind = (typeof DEMO_KINDS)[number];

/** The demo buttons' labels; also the '<Demo>' of '<Demo> demo failed: <error>' (REQ-err-demo). */
export const DEMO_LABELS: Readonly<Record<DemoKind, string>> = {
  authentication: 'User authentication',
  tokenVault: 'Token vault',
  fga: 'Fine-grained authorization',
};

export type AuthenticationResult = {
  sub: string;
  email: string;
  role: DashboardRole;
  knowledgeRole: Role;
  permissions: readonly string[];
  mfa: boolean;
};
export type TokenVaultResult = { initialized: boolean; tokenVault: boolean };
/**
 * REQ-limit-demo-queries The 4 fine-grained sample queries, each allowed or denied by the authorization model
 * (REQ-kb-explainer).
 */
export type FgaResult = ResponseBody<'fgaSamples'>;

export type DemoResultData = {
  authentication: AuthenticationResult;
  tokenVault: TokenVaultResult;
  fga: FgaResult;
};

/** What the results panel shows for one demo. */
export type DemoOutcome<T> =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'success'; data: T }
  | { state: 'failed'; message: string };

export type DemoOutcomes = { [K in DemoKind]: DemoOutcome<DemoResultData[K]> };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function outcomeOf<K extends DemoKind>(
  kind: K,
  mutation: UseMutationResult<DemoResultData[K], Error, void>,
): DemoOutcome<DemoResultData[K]> {
  if (mutation.isPending) return { state: 'running' };
  if (mutation.isError)
    return { state: 'failed', message: DEMO_ERRORS.failed(DEMO_LABELS[kind], errorText(mutation.error)) };
  if (mutation.isSuccess) return { state: 'success', data: mutation.data };
  return { state: 'idle' };
}

/**
 * Runs the demos for the signed-in user; each fails with 'User not authenticated' without one (REQ-err-demo).
 */
export function useChallengeDemos(): { outcomes: DemoOutcomes; run: (kind: DemoKind) => void } {
  const api = useApi();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const requireUser = () => {
    if (!signedIn) throw new Error(DEMO_TEXTS.notAuthenticated);
  };

  const authentication = useMutation<AuthenticationResult, Error, void>({
    mutationFn: async () => {
      requireUser();
      const me = await api.call('getMe');
      return {
        sub: me.user.sub,
        email: me.user.email,
        role: me.user.role,
        knowledgeRole: me.knowledgeRole,
        permissions: me.user.permissions,
        mfa: me.mfa,
      };
    },
  });

  const tokenVault = useMutation<TokenVaultResult, Error, void>({
    mutationFn: async () => {
      requireUser();
      const status = await api.call('identityStatus');
      return { initialized: status.initialized, tokenVault: status.features.tokenVault };
    },
  });

  const fga = useMutation<FgaResult, Error, void>({
    mutationFn: async () => {
      requireUser();
      return api.call('fgaSamples');
    },
  });

  const mutations = { authentication, tokenVault, fga };
  return {
    outcomes: {
      authentication: outcomeOf('authentication', authentication),
      tokenVault: outcomeOf('tokenVault', tokenVault),
      fga: outcomeOf('fga', fga),
    },
    run: (kind) => mutations[kind].mutate(),
  };
}
