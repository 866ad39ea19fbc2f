import { useState } from 'react';
import { doctorGreetingName, hasPermission } from '@sentinel/domain';
import { AppShell } from '../AppShell/AppShell';
import { useDeferredStart } from '../api/useDeferredStart';
import { useApprovalsQuery } from '../Approvals/Approvals.data';
import { APPROVALS_SCREEN_TEXTS, pendingCount } from '../Approvals/Approvals.utils';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { ChatConversationProvider } from '../ChatPanel/ChatConversationProvider';
import { useClock } from '../clock/ClockProvider';
import { BotIcon, LockIcon, UsersIcon } from '../icons/icons';
import { useSession } from '../session/SessionProvider';
import { Tabs } from '../Tabs/Tabs';
import {
  LazyAppointments,
  LazyApprovals,
  LazyChallengeDemo,
  LazyChatPanel,
  LazyKnowledgeBase,
  LazyMedicalRecords,
  LazyPrescriptions,
} from '../screens/tabScreens';
import { TabScreen } from '../TabScreen/TabScreen';
import { doctorSubheading } from './DoctorPortal.utils';

export const DOCTOR_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'knowledge', label: 'Medical Knowledge' },
  { value: 'chat', label: 'AI Assistant' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'patients', label: 'Patient Records' },
  { value: 'prescriptions', label: 'Prescriptions' },
  { value: 'approvals', label: APPROVALS_SCREEN_TEXTS.title },
  { value: 'challenge-demo', label: 'Identity Demo' },
] as const;
export type DoctorTab = (typeof DOCTOR_TABS)[number]['value'];

/**
 * REQ-screen-doctor-overview Doctor overview: three placeholder cards whose button action the spec leaves
 * open; each opens the tab that does the work (records, knowledge, assistant).
 */
export const DOCTOR_OVERVIEW_CARDS = [
  {
    title: 'Patient Management',
    body: 'Review patient records, vitals and visit notes for the patients in your care.',
    action: 'Open patient records',
    tab: 'patients',
    icon: UsersIcon,
  },
  {
    title: 'AI Medical Insights',
    body: 'Search clinical guidance filtered to your role and specialization.',
    action: 'Open medical knowledge',
    tab: 'knowledge',
    icon: BotIcon,
  },
  {
    title: 'Secure Communications',
    body: 'Ask the assistant; conversations stay encrypted and every access is audited.',
    action: 'Open the assistant',
    tab: 'chat',
    icon: LockIcon,
  },
] as const;

export function DoctorOverview({ onOpenTab }: { onOpenTab: (tab: DoctorTab) => void }) {
  return (
    <Box as="ul" display="grid" gridTemplateColumns={{ mobile: 1, tablet: 3 }} gap="large">
      {DOCTOR_OVERVIEW_CARDS.map((c) => {
        const Icon = c.icon;
        return (
          <li key={c.title}>
            <Card
              title={c.title}
              headingLevel={2}
              icon={<Icon />}
              actions={
                <Button variant="secondary" onClick={() => onOpenTab(c.tab)}>
                  {c.action}
                </Button>
              }
            >
              {c.body}
            </Card>
          </li>
        );
      })}
    </Box>
  );
}

export type DoctorPortalProps = {
  /** Navigation outside the dashboard (the demo's dashboard button). */
  onNavigate: (path: string) => void;
  /** The tab selected at first: overview unless a story or a deep link says otherwise. */
  initialTab?: DoctorTab;
};

/**
 * REQ-screen-doctor-tabs: greets the doctor by last name, tabs, logout. Besides the spec's tabs, Approvals holds the
 * prescriptions the assistant proposed (REQ-screen-doctor-tabs), its label counting those waiting; only a
 * doctor who may prescribe has it.
 *
 * **When to use:** the doctor's home page (/doctor-dashboard).
 *
 * **Accessibility:** as AdminDashboard: labelled account nav, keyboard tabs with an overflow menu on phones,
 * alerts in the alert region.
 */
export function DoctorPortal({ onNavigate, initialTab = 'overview' }: DoctorPortalProps) {
  const session = useSession();
  const clock = useClock();
  const [tab, setTab] = useState<DoctorTab>(initialTab);
  const canApprove = session.status === 'signedIn' && hasPermission(session.user, 'write:prescriptions');
  // The count in the Approvals label is not part of the first view: fetched once the page has loaded.
  const deferredStart = useDeferredStart();
  const approvals = useApprovalsQuery({ enabled: canApprove && deferredStart });
  if (session.status !== 'signedIn') return null;
  const { user } = session;
  const pending = pendingCount(approvals.data ?? [], clock.now());
  const tabs = DOCTOR_TABS.filter((t) => t.value !== 'approvals' || canApprove).map((t) =>
    t.value === 'approvals' ? { ...t, label: APPROVALS_SCREEN_TEXTS.tabLabel(pending) } : t,
  );
  return (
    <AppShell
      user={user}
      heading={`Welcome, ${doctorGreetingName(user.name)}`}
      subheading={doctorSubheading(user)}
      roleBadge={{ text: 'DOCTOR', tone: 'positive' }}
      onLogout={session.logout}
    >
      <ChatConversationProvider>
        <Tabs label="Doctor portal" items={tabs} value={tab} onChange={setTab}>
          {(value) =>
            value === 'overview' ? (
              <DoctorOverview onOpenTab={setTab} />
            ) : (
              // Every other tab's screen is fetched when the tab first opens (REQ-perf-files).
              <TabScreen label={DOCTOR_TABS.find((t) => t.value === value)?.label ?? value}>
                {value === 'knowledge' ? (
                  <LazyKnowledgeBase />
                ) : value === 'chat' ? (
                  <LazyChatPanel />
                ) : value === 'appointments' ? (
                  <LazyAppointments />
                ) : value === 'patients' ? (
                  <LazyMedicalRecords />
                ) : value === 'prescriptions' ? (
                  <LazyPrescriptions />
                ) : value === 'approvals' ? (
                  <LazyApprovals />
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
