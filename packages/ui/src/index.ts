// The theme entry (`@sentinel/ui/theme`): tokens, `vars`, the theme classes and createTheme.
export * from './theme';
export { visuallyHidden } from './theme/global.css';
export * from './ThemeProvider/ThemeProvider';
export * from './Box/Box';
export * from './Text/Text';
export * from './api/client';
export * from './api/ApiProvider';
export * from './session/SessionProvider';
export { IdleTimeout, type IdleTimeoutProps } from './IdleTimeout/IdleTimeout';
export { IDLE_TIMEOUT, IDLE_TIMEOUT_TEXTS, LAST_ACTIVITY_KEY } from './IdleTimeout/IdleTimeout.utils';
export * from './clock/ClockProvider';
export * from './Stack/Stack';
export * from './Button/Button';
export * from './Badge/Badge';
export * from './Card/Card';
export * from './StatTile/StatTile';
export * from './StatTile/StatGrid';
export * from './Chip/Chip';
export * from './Avatar/Avatar';
export * from './Spinner/Spinner';
export * from './EmptyState/EmptyState';
export * from './AlertRegion/AlertRegion';
export * from './icons/Icon';
export * from './icons/icons';
export {
  Appointments,
  AppointmentsScreen,
  type AppointmentsScreenProps,
  type AppointmentsViewer,
  type AppointmentStatusChange,
} from './Appointments/Appointments';
export {
  APPOINTMENTS_QUERY_KEY,
  useAppointmentsQuery,
  useCreateAppointmentMutation,
  useAppointmentStatusMutation,
  useDeleteAppointmentMutation,
  type NewAppointment,
} from './Appointments/Appointments.data';
export {
  Prescriptions,
  PrescriptionsScreen,
  type PrescriptionsScreenProps,
  type PrescriptionViewer,
} from './Prescriptions/Prescriptions';
export {
  PRESCRIPTIONS_QUERY_KEY,
  usePrescriptionsQuery,
  useCreatePrescriptionMutation,
  useRefillMutation,
  type NewPrescription,
} from './Prescriptions/Prescriptions.data';
export * from './Tabs/Tabs';
export * from './Table/Table';
export * from './Dialog/Dialog';
export * from './Dialog/ConfirmDialog';
export * from './Field/Field';
export * from './Menu/Menu';
export * from './Markdown/Markdown';
export * from './AppShell/AppShell';
export * from './Landing/Landing';
export * from './LoadingScreen/LoadingScreen';
export * from './Unauthorized/Unauthorized';
export * from './PatientDashboard/PatientDashboard';
export * from './DoctorPortal/DoctorPortal';
export * from './AdminDashboard/AdminDashboard';
export * from './EmergencyAccessAlerts/EmergencyAccessAlerts';
export * from './EmergencyAccessAlerts/EmergencyAccessNotice';
export { EMERGENCY_ACCESS_TEXTS } from './EmergencyAccessAlerts/EmergencyAccessAlerts.texts';
export {
  EMERGENCY_ACCESS_QUERY_KEY,
  useEmergencyAccessQuery,
} from './EmergencyAccessAlerts/EmergencyAccessAlerts.data';
export {
  UserManagement,
  UserManagementScreen,
  type UserManagementScreenProps,
} from './UserManagement/UserManagement';
export {
  USERS_QUERY_KEY,
  useUserManagement,
  useUsersQuery,
  useCreateUserMutation,
  useUserStatusMutation,
  useDeleteUserMutation,
  type UserManagementData,
  type CreateUserOutcome,
  type CreateUserFailure,
  type NewUser,
  type UserStatusAction,
} from './UserManagement/UserManagement.data';
export { USER_MANAGEMENT_SCREEN_TEXTS, USER_STATUS_TONE } from './UserManagement/UserManagement.utils';
export {
  ChatPanel,
  ChatPanelScreen,
  type ChatPanelScreenProps,
  type AssistantStatusView,
} from './ChatPanel/ChatPanel';
export {
  useChatConversation,
  useAssistantStatus,
  useKnowledgeList,
  useKnowledgeDocument,
  chatQueryKeys,
  type ChatConversation,
} from './ChatPanel/ChatPanel.data';
export {
  initialConversation,
  conversationReducer,
  type ChatMessageView,
  type ChatMessageKind,
} from './ChatPanel/ChatPanel.reducer';
export { CHAT_PANEL_TEXTS } from './ChatPanel/ChatPanel.texts';
export { PROVIDER_OPTIONS } from './ChatPanel/ChatPanel.providers';
export { KnowledgeDocumentDialog, type DocumentState } from './ChatPanel/KnowledgeDocumentDialog';
export { ChatConversationProvider, useSharedChatConversation } from './ChatPanel/ChatConversationProvider';
export {
  ChallengeDemo,
  ChallengeDemoScreen,
  CHALLENGE_DEMO_TEXTS,
  ROLE_BADGE_TONE,
  type ChallengeDemoProps,
  type ChallengeDemoScreenProps,
  type ChallengeDemoSession,
} from './ChallengeDemo/ChallengeDemo';
export {
  useChallengeDemos,
  DEMO_KINDS,
  DEMO_LABELS,
  type DemoKind,
  type DemoOutcome,
  type DemoOutcomes,
} from './ChallengeDemo/ChallengeDemo.data';
export {
  MedicalRecords,
  MedicalRecordsScreen,
  type MedicalRecordsScreenProps,
} from './MedicalRecords/MedicalRecords';
export {
  useRecordsQuery,
  useRecordDetails,
  useCreateRecordMutation,
  recordQueryKeys,
  type NewRecord,
  type CreateRecordOutcome,
  type RecordDetailsState,
} from './MedicalRecords/MedicalRecords.data';
export { AccessLog, AccessLogScreen, type AccessLogScreenProps } from './AccessLog/AccessLog';
export { ACCESS_LOG_QUERY_KEY, useAccessLogQuery } from './AccessLog/AccessLog.data';
export { ACCESS_LOG_TEXTS } from './AccessLog/AccessLog.utils';
export {
  KnowledgeBase,
  KnowledgeBaseScreen,
  type KnowledgeBaseScreenProps,
} from './KnowledgeBase/KnowledgeBase';
export {
  useKnowledgeListQuery,
  useKnowledgeSearch,
  useKnowledgeItemQuery,
  knowledgeQueryKeys,
} from './KnowledgeBase/KnowledgeBase.data';
export * from './ErrorState/ErrorState';
export * from './ProblemPage/ProblemPage';
export {
  CalendarConnect,
  CalendarConnectScreen,
  type CalendarConnectProps,
  type CalendarConnectScreenProps,
} from './CalendarConnect/CalendarConnect';
export {
  calendarQueryKeys,
  useCalendarConnectionQuery,
  useCalendarEventsQuery,
  useConnectCalendarMutation,
  useDisconnectCalendarMutation,
} from './CalendarConnect/CalendarConnect.data';
export {
  CALENDAR_CONNECT_TEXTS,
  CALENDAR_SCOPE_LABELS,
  downloadIcs,
  formatEventTime,
  upcomingEvents,
} from './CalendarConnect/CalendarConnect.utils';
export { Approvals, ApprovalsScreen, type ApprovalsScreenProps } from './Approvals/Approvals';
export {
  APPROVALS_QUERY_KEY,
  useApprovalsQuery,
  useDecideApprovalMutation,
  type DecisionInput,
} from './Approvals/Approvals.data';
export {
  APPROVALS_SCREEN_TEXTS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUS_TONE,
  inboxOf,
  pendingCount,
  type ApprovalView,
} from './Approvals/Approvals.utils';
export { TabScreen, TabScreenLoading, TAB_SCREEN_TEXTS, type TabScreenProps } from './TabScreen/TabScreen';
export { LazyChallengeDemo } from './screens/tabScreens';
export { lazyScreen, type LazyScreen } from './screens/lazyScreen';
export {
  SentinelProvider,
  type SentinelProviderProps,
  type SentinelApiProps,
} from './SentinelProvider/SentinelProvider';
