import { useState } from 'react';
import { firstName, formatDate, formatVitals } from '@sentinel/domain';
import { AppShell } from '../AppShell/AppShell';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { ChatConversationProvider } from '../ChatPanel/ChatConversationProvider';
import { useClock } from '../clock/ClockProvider';
import {
  ActivityIcon,
  BotIcon,
  CalendarIcon,
  DocumentIcon,
  HeartIcon,
  ScaleIcon,
  ThermometerIcon,
} from '../icons/icons';
import { useSession } from '../session/SessionProvider';
import { Stack } from '../Stack/Stack';
import { StatGrid } from '../StatTile/StatGrid';
import { Tabs } from '../Tabs/Tabs';
import {
  LazyAppointments,
  LazyCalendarConnect,
  LazyChallengeDemo,
  LazyChatPanel,
  LazyMedicalRecords,
} from '../screens/tabScreens';
import { TabScreen } from '../TabScreen/TabScreen';
import { Text } from '../Text/Text';

export const PATIENT_TABS = [
  { value: 'overview', label: 'Health Overview' },
  { value: 'chat', label: 'AI Assistant' },
  { value: 'records', label: 'Medical Records' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'challenge-demo', label: 'Identity Demo' },
] as const;
export type PatientTab = (typeof PATIENT_TABS)[number]['value'];

/** REQ-screen-patient-small: on small screens appointments and the demo sit in an overflow menu. */
export const PATIENT_OVERFLOW: readonly PatientTab[] = ['appointments', 'challenge-demo'];

/** REQ-screen-patient-overview Patient overview: static sample data (the spec's overview is hard-coded; real vitals live in records). */
export const PATIENT_OVERVIEW_SAMPLE = {
  vitals: { heartRate: 72, bloodPressure: '120/80', temperature: 98.6, weight: 68 },
  lastVisit: { date: '2026-10-26', doctor: 'Dr. Alice Smith' },
  activity: [
    'Lab results available: lipid panel',
    'Appointment confirmed with Dr. Alice Smith',
    'Prescription refilled: metformin 500 mg',
  ],
  tips: [
    {
      title: 'Hydration',
      body: 'Drink water through the day; thirst, dark urine and headaches are signs to drink more.',
    },
    {
      title: 'Exercise',
      body: 'Aim for 150 minutes of moderate activity a week, such as brisk walking, plus two strength sessions.',
    },
    {
      title: 'Sleep',
      body: 'Keep a regular schedule and aim for 7 to 9 hours; screens off an hour before bed helps.',
    },
  ],
} as const;

const VITAL_ICONS = [HeartIcon, ActivityIcon, ThermometerIcon, ScaleIcon];

export function PatientOverview({ onOpenTab }: { onOpenTab: (tab: PatientTab) => void }) {
  const { locale } = useClock();
  const vitals = formatVitals(PATIENT_OVERVIEW_SAMPLE.vitals);
  const { lastVisit } = PATIENT_OVERVIEW_SAMPLE;
  return (
    <Box display="flex" flexDirection="column" gap="xlarge">
      <StatGrid
        as="list"
        label="Vitals"
        columns={{ mobile: 1, tablet: 2, desktop: 4 }}
        gap="large"
        tiles={vitals.map((v, i) => {
          const Icon = VITAL_ICONS[i] ?? HeartIcon;
          return { label: v.label, value: v.value, icon: <Icon />, tone: 'info' };
        })}
      />
      <Box display="grid" gridTemplateColumns={{ mobile: 1, tablet: 2 }} gap="large">
        <Card
          title="Recent Activity"
          headingLevel={2}
          description={`Last visit: ${formatDate(lastVisit.date, { locale })} with ${lastVisit.doctor}`}
        >
          <Box as="ul" display="flex" flexDirection="column" gap="small">
            {PATIENT_OVERVIEW_SAMPLE.activity.map((a) => (
              <li key={a}>
                <Text>{a}</Text>
              </li>
            ))}
          </Box>
        </Card>
        <Card title="Quick Actions" headingLevel={2}>
          <Box display="flex" flexDirection="column" gap="small">
            <Button
              variant="secondary"
              icon={<CalendarIcon />}
              onClick={() => onOpenTab('appointments')}
              fullWidth
            >
              Book appointment
            </Button>
            <Button
              variant="secondary"
              icon={<DocumentIcon />}
              onClick={() => onOpenTab('records')}
              fullWidth
            >
              View records
            </Button>
            <Button variant="secondary" icon={<BotIcon />} onClick={() => onOpenTab('chat')} fullWidth>
              AI chat
            </Button>
          </Box>
        </Card>
      </Box>
      <Card title="AI Health Tips" headingLevel={2}>
        <Box as="ul" display="grid" gridTemplateColumns={{ mobile: 1, tablet: 3 }} gap="large">
          {PATIENT_OVERVIEW_SAMPLE.tips.map((t) => (
            <li key={t.title}>
              <Text weight="strong">{t.title}</Text>
              <Text tone="muted">{t.body}</Text>
            </li>
          ))}
        </Box>
      </Card>
    </Box>
  );
}

export type PatientDashboardProps = {
  /** Navigation outside the dashboard (the demo's dashboard button). */
  onNavigate: (path: string) => void;
  /** The tab selected at first: overview unless a story or a deep link says otherwise. */
  initialTab?: PatientTab;
};

/**
 * REQ-screen: greeting by first name, tabs (overflow menu on small screens), logout.
 *
 * **When to use:** the patient's home page (/patient-dashboard).
 *
 * **Accessibility:** as AdminDashboard: labelled account nav, keyboard tabs with an overflow menu on phones,
 * alerts in the alert region.
 */
export function PatientDashboard({ onNavigate, initialTab = 'overview' }: PatientDashboardProps) {
  const session = useSession();
  const [tab, setTab] = useState<PatientTab>(initialTab);
  if (session.status !== 'signedIn') return null;
  const { user } = session;
  return (
    <AppShell
      user={user}
      heading={`Welcome back, ${firstName(user.name)}`}
      subheading="Your health at a glance."
      onLogout={session.logout}
    >
      <ChatConversationProvider>
        <Tabs
          label="Patient dashboard"
          items={PATIENT_TABS}
          value={tab}
          onChange={setTab}
          overflow={PATIENT_OVERFLOW}
          overflowLabel="More"
        >
          {(value) =>
            value === 'overview' ? (
              <PatientOverview onOpenTab={setTab} />
            ) : (
              // Every other tab's screen is fetched when the tab first opens (REQ-perf-files).
              <TabScreen label={PATIENT_TABS.find((t) => t.value === value)?.label ?? value}>
                {value === 'chat' ? (
                  <LazyChatPanel />
                ) : value === 'records' ? (
                  <LazyMedicalRecords />
                ) : value === 'appointments' ? (
                  // Under the list, the calendar: connect it through the token vault, or download the .ics.
                  <Stack space="xlarge">
                    <LazyAppointments />
                    <LazyCalendarConnect />
                  </Stack>
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
