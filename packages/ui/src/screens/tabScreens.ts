/**
 * The dashboards' tab screens, each a chunk of its own fetched when its tab first opens (REQ-perf-files: a dashboard's
 * first paint carries only its overview). Render them inside TabScreen (src/TabScreen).
 */
import { lazyScreen } from './lazyScreen';

export const LazyChatPanel = lazyScreen(() => import('../ChatPanel/ChatPanel').then((m) => m.ChatPanel));
export const LazyMedicalRecords = lazyScreen(() =>
  import('../MedicalRecords/MedicalRecords').then((m) => m.MedicalRecords),
);
export const LazyAppointments = lazyScreen(() =>
  import('../Appointments/Appointments').then((m) => m.Appointments),
);
export const LazyCalendarConnect = lazyScreen(() =>
  import('../CalendarConnect/CalendarConnect').then((m) => m.CalendarConnect),
);
export const LazyChallengeDemo = lazyScreen(() =>
  import('../ChallengeDemo/ChallengeDemo').then((m) => m.ChallengeDemo),
);
export const LazyKnowledgeBase = lazyScreen(() =>
  import('../KnowledgeBase/KnowledgeBase').then((m) => m.KnowledgeBase),
);
export const LazyPrescriptions = lazyScreen(() =>
  import('../Prescriptions/Prescriptions').then((m) => m.Prescriptions),
);
export const LazyApprovals = lazyScreen(() => import('../Approvals/Approvals').then((m) => m.Approvals));
export const LazyEmergencyAccessAlerts = lazyScreen(() =>
  import('../EmergencyAccessAlerts/EmergencyAccessAlerts').then((m) => m.EmergencyAccessAlerts),
);
export const LazyUserManagement = lazyScreen(() =>
  import('../UserManagement/UserManagement').then((m) => m.UserManagement),
);
