import type { ReactNode } from 'react';
import { DEMO_TEXTS, dashboardPathFor, featureOffMessage, type DashboardRole } from '@sentinel/domain';
import { Badge } from '../Badge/Badge';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { CalendarConnect } from '../CalendarConnect/CalendarConnect';
import { Card } from '../Card/Card';
import { CheckIcon, LockIcon, SearchIcon, ShieldIcon, WarningIcon } from '../icons/icons';
import { useSession } from '../session/SessionProvider';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { Heading, Text } from '../Text/Text';
import type { Tone } from '../theme/tokens';
import {
  DEMO_KINDS,
  DEMO_LABELS,
  useChallengeDemos,
  type AuthenticationResult,
  type DemoKind,
  type DemoOutcome,
  type DemoOutcomes,
  type FgaResult,
  type TokenVaultResult,
} from './ChallengeDemo.data';
import * as styles from './ChallengeDemo.css';

/** The page's own wording where the spec gives none (REQ-screen names the parts, not their words). */
export const CHALLENGE_DEMO_TEXTS = {
  title: 'Identity-provider challenge demo',
  intro: 'Try the three AI pillars with your own session. Each check runs against the API as you.',
  signedInAs: 'Signed in as',
  roleLabel: 'Role',
  mfaUsed: 'MFA used',
  mfaNotUsed: 'MFA not used',
  goToDashboard: 'Go to my dashboard',
  loading: 'Loading your session...',
  pillarsLabel: 'The three pillars',
  resultsTitle: 'Results',
  resultsEmpty: 'Run a demo to see its result here.',
  running: (label: string) => `Running the ${label.toLowerCase()} demo...`,
  subject: 'Subject',
  knowledgeRole: 'Knowledge role',
  permissions: 'Permissions',
  noPermissions: 'None',
  mfa: 'Multi-factor authentication',
  identityService: 'Identity service',
  initialized: 'Initialized',
  notInitialized: 'Not initialized',
  tokenVaultOn: 'Token vault: on',
  tokenVaultOff: 'Token vault: off',
  tokenVaultNote:
    'The token vault is on. Connect your calendar below: the assistant then reads it with a calendar-scoped token obtained by token exchange, and never sees your password.',
  fgaListLabel: 'Sample authorization checks',
  allowed: 'Allowed',
  denied: 'Denied',
  sampleNote: (note: string) => `Note: ${note}`,
  fgaNote:
    'Each question is checked against the authorization model with the asking person’s role, specializations and the document’s sensitivity, as the knowledge base does for you.',
} as const;

/** What the pillar buttons explain (REQ-product-pillars). */
export const DEMO_DESCRIPTIONS: Readonly<Record<DemoKind, string>> = {
  authentication:
    'Who you are: your identity, role, permissions and whether you used multi-factor authentication.',
  tokenVault:
    'Tool control: connect your calendar through the token vault, so the assistant can use it on your behalf.',
  fga: 'Knowledge limitation: 4 sample questions to the authorization model, each allowed or denied.',
};

const DEMO_ICONS: Readonly<Record<DemoKind, ReactNode>> = {
  authentication: <ShieldIcon />,
  tokenVault: <LockIcon />,
  fga: <SearchIcon />,
};

/** REQ-screen-demo-banner: the role badge is purple for admin, green for doctor, otherwise blue. */
export const ROLE_BADGE_TONE: Readonly<Record<DashboardRole, Tone>> = {
  admin: 'accent',
  doctor: 'positive',
  patient: 'info',
};

/** Who the page is for, as the screen needs it. */
export type ChallengeDemoSession =
  | { status: 'loading' }
  | { status: 'signedOut' }
  | { status: 'signedIn'; email: string; role: DashboardRole; mfa: boolean };

export type ChallengeDemoScreenProps = {
  /** The signed-in user (e-mail, role, second factor) or signed out, for the session banner. */
  session: ChallengeDemoSession;
  /** Each demo's state: idle, running, its result or its error. */
  outcomes: DemoOutcomes;
  /** Runs one demo. */
  onRun: (kind: DemoKind) => void;
  /** Goes to a path of the app; the portal wires it to the router. */
  onNavigate: (path: string) => void;
  /**
   * The connected tool the token-vault result offers while the vault is on: the wired page passes the calendar
   * panel (`CalendarConnect`), with the real connection, its consent and its events.
   */
  tokenVaultTool?: ReactNode;
};

function Facts({ rows }: { rows: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className={styles.facts}>
      {rows.map((row) => (
        <div key={row.label} className={styles.fact}>
          <Text as="dt" size="small" tone="muted">
            {row.label}
          </Text>
          <Text as="dd" size="small" weight="medium">
            {row.value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

function AuthenticationDetails({ data }: { data: AuthenticationResult }) {
  return (
    <Facts
      rows={[
        { label: CHALLENGE_DEMO_TEXTS.subject, value: <span className={styles.code}>{data.sub}</span> },
        { label: CHALLENGE_DEMO_TEXTS.roleLabel, value: data.role },
        { label: CHALLENGE_DEMO_TEXTS.knowledgeRole, value: data.knowledgeRole },
        {
          label: CHALLENGE_DEMO_TEXTS.permissions,
          value: data.permissions.length ? data.permissions.join(', ') : CHALLENGE_DEMO_TEXTS.noPermissions,
        },
        {
          label: CHALLENGE_DEMO_TEXTS.mfa,
          value: data.mfa ? CHALLENGE_DEMO_TEXTS.mfaUsed : CHALLENGE_DEMO_TEXTS.mfaNotUsed,
        },
      ]}
    />
  );
}

function TokenVaultDetails({ data, tool }: { data: TokenVaultResult; tool: ReactNode }) {
  return (
    <Stack space="small">
      <Stack direction="horizontal" space="small" wrap>
        <Badge tone={data.tokenVault ? 'positive' : 'caution'} weight="strong">
          {data.tokenVault ? CHALLENGE_DEMO_TEXTS.tokenVaultOn : CHALLENGE_DEMO_TEXTS.tokenVaultOff}
        </Badge>
        <Badge tone={data.initialized ? 'positive' : 'caution'}>
          {`${CHALLENGE_DEMO_TEXTS.identityService}: ${data.initialized ? CHALLENGE_DEMO_TEXTS.initialized : CHALLENGE_DEMO_TEXTS.notInitialized}`}
        </Badge>
      </Stack>
      <Text size="small" tone="muted">
        {data.tokenVault ? CHALLENGE_DEMO_TEXTS.tokenVaultNote : featureOffMessage('tokenVault')}
      </Text>
      {data.tokenVault ? tool : null}
    </Stack>
  );
}

/** REQ-kb, REQ-limit-demo-queries Each sample question with its answer in words (not colour alone), and the REQ-kb-prescribing-note note when there is one. */
function FgaDetails({ data }: { data: FgaResult }) {
  return (
    <Stack space="small">
      <Stack as="ul" space="small" aria-label={CHALLENGE_DEMO_TEXTS.fgaListLabel}>
        {data.items.map((item) => (
          <li key={item.id} className={styles.sample}>
            <Badge
              tone={item.allowed ? 'positive' : 'critical'}
              weight="strong"
              icon={item.allowed ? <CheckIcon size="small" /> : <LockIcon size="small" />}
            >
              {item.allowed ? CHALLENGE_DEMO_TEXTS.allowed : CHALLENGE_DEMO_TEXTS.denied}
            </Badge>
            <Stack space="xsmall">
              <Text size="small">{item.query}</Text>
              {item.note ? (
                <Text size="small" tone="muted">
                  {CHALLENGE_DEMO_TEXTS.sampleNote(item.note)}
                </Text>
              ) : null}
            </Stack>
          </li>
        ))}
      </Stack>
      <Text size="small" tone="muted">
        {CHALLENGE_DEMO_TEXTS.fgaNote}
      </Text>
    </Stack>
  );
}

/** The details of a demo that succeeded. */
function successDetails(kind: DemoKind, outcomes: DemoOutcomes, tokenVaultTool: ReactNode): ReactNode {
  if (kind === 'authentication') {
    const o = outcomes.authentication;
    return o.state === 'success' ? <AuthenticationDetails data={o.data} /> : null;
  }
  if (kind === 'tokenVault') {
    const o = outcomes.tokenVault;
    return o.state === 'success' ? <TokenVaultDetails data={o.data} tool={tokenVaultTool} /> : null;
  }
  const o = outcomes.fga;
  return o.state === 'success' ? <FgaDetails data={o.data} /> : null;
}

function Outcome({
  kind,
  outcomes,
  tokenVaultTool,
}: {
  kind: DemoKind;
  outcomes: DemoOutcomes;
  tokenVaultTool: ReactNode;
}) {
  const label = DEMO_LABELS[kind];
  const outcome: DemoOutcome<unknown> = outcomes[kind];
  if (outcome.state === 'idle') return null;
  let body: ReactNode;
  if (outcome.state === 'running')
    body = <Spinner label={CHALLENGE_DEMO_TEXTS.running(label)} size="small" />;
  else if (outcome.state === 'failed')
    body = (
      <Text tone="critical" weight="medium">
        {outcome.message}
      </Text>
    );
  else body = successDetails(kind, outcomes, tokenVaultTool);
  return (
    <li className={styles.outcome}>
      <Stack space="small">
        <Stack direction="horizontal" space="small">
          <Text
            as="span"
            tone={
              outcome.state === 'failed' ? 'critical' : outcome.state === 'success' ? 'positive' : 'muted'
            }
          >
            {outcome.state === 'failed' ? <WarningIcon /> : DEMO_ICONS[kind]}
          </Text>
          <Heading level={4}>{label}</Heading>
          {outcome.state === 'success' ? (
            <Text as="span" tone="positive">
              <CheckIcon size="small" />
            </Text>
          ) : null}
        </Stack>
        {body}
      </Stack>
    </li>
  );
}

/**
 * REQ-screen-demo, REQ-err demo failures: a signed-in user tries the three pillars; a visitor is asked to log
 * in. Pure: the session, the outcomes and the callbacks come in as props.
 */
export function ChallengeDemoScreen({
  session,
  outcomes,
  onRun,
  onNavigate,
  tokenVaultTool,
}: ChallengeDemoScreenProps) {
  if (session.status === 'loading') return <Spinner label={CHALLENGE_DEMO_TEXTS.loading} />;
  if (session.status === 'signedOut') {
    return (
      <Card>
        <Stack direction="horizontal" space="small" align="start">
          <Text as="span" tone="info">
            <LockIcon />
          </Text>
          <Text>{DEMO_TEXTS.loggedOut}</Text>
        </Stack>
      </Card>
    );
  }
  const shown = DEMO_KINDS.filter((kind) => outcomes[kind].state !== 'idle');
  return (
    <Stack space="large">
      <Stack space="xsmall">
        <Heading level={2}>{CHALLENGE_DEMO_TEXTS.title}</Heading>
        <Text tone="muted">{CHALLENGE_DEMO_TEXTS.intro}</Text>
      </Stack>

      <Card tone={ROLE_BADGE_TONE[session.role]}>
        <Box display="flex" flexWrap="wrap" alignItems="center" justifyContent="space-between" gap="medium">
          <Stack space="xsmall">
            <Text size="small" tone="muted">
              {CHALLENGE_DEMO_TEXTS.signedInAs}
            </Text>
            <Text weight="strong">{session.email}</Text>
            <Stack direction="horizontal" space="small" wrap>
              <Badge tone={ROLE_BADGE_TONE[session.role]} weight="strong">
                {session.role}
              </Badge>
              <Badge
                tone={session.mfa ? 'positive' : 'caution'}
                icon={session.mfa ? <ShieldIcon size="small" /> : <WarningIcon size="small" />}
              >
                {session.mfa ? CHALLENGE_DEMO_TEXTS.mfaUsed : CHALLENGE_DEMO_TEXTS.mfaNotUsed}
              </Badge>
            </Stack>
          </Stack>
          <Button variant="secondary" onClick={() => onNavigate(dashboardPathFor(session.role))}>
            {CHALLENGE_DEMO_TEXTS.goToDashboard}
          </Button>
        </Box>
      </Card>

      <Stack as="ul" space="medium" aria-label={CHALLENGE_DEMO_TEXTS.pillarsLabel}>
        {DEMO_KINDS.map((kind) => (
          <li key={kind} className={styles.pillar}>
            <Button
              variant="primary"
              icon={DEMO_ICONS[kind]}
              loading={outcomes[kind].state === 'running'}
              onClick={() => onRun(kind)}
            >
              {DEMO_LABELS[kind]}
            </Button>
            <Text size="small" tone="muted">
              {DEMO_DESCRIPTIONS[kind]}
            </Text>
          </li>
        ))}
      </Stack>

      <Card title={CHALLENGE_DEMO_TEXTS.resultsTitle} headingLevel={3}>
        <div aria-live="polite">
          {shown.length === 0 ? (
            <Text tone="muted">{CHALLENGE_DEMO_TEXTS.resultsEmpty}</Text>
          ) : (
            <ul className={styles.outcomes}>
              {shown.map((kind) => (
                <Outcome key={kind} kind={kind} outcomes={outcomes} tokenVaultTool={tokenVaultTool} />
              ))}
            </ul>
          )}
        </div>
      </Card>
    </Stack>
  );
}

export type ChallengeDemoProps = {
  /** Goes to a path of the app (the portal passes the router's navigate). */
  onNavigate: (path: string) => void;
};

/**
 * The demo page wired to the session and the API.
 *
 * **When to use:** the demo page of the three identity pillars (REQ-screen-demo), for a signed-in user.
 *
 * **Accessibility:** each demo is run by a button; its outcome appears as text beside it; the session banner says
 * the role in words, not only by colour.
 */
export function ChallengeDemo({ onNavigate }: ChallengeDemoProps) {
  const session = useSession();
  const { outcomes, run } = useChallengeDemos();
  const view: ChallengeDemoSession =
    session.status === 'signedIn'
      ? { status: 'signedIn', email: session.user.email, role: session.user.role, mfa: session.mfa }
      : { status: session.status };
  return (
    <ChallengeDemoScreen
      session={view}
      outcomes={outcomes}
      onRun={run}
      onNavigate={onNavigate}
      tokenVaultTool={<CalendarConnect headingLevel={4} />}
    />
  );
}
