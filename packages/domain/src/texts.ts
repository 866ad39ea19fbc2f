/**
 * Every text the specification gives, defined once. Screens, servers and tests import these rather than
 * retyping them (REQ-arch-texts). Section numbers refer to docs/requirements.md.
 */

/** REQ-nav-loading and loading. */
export const ROUTE_TEXTS = {
  loading: 'Securing your medical data...',
  accessDeniedTitle: 'Access Denied',
  accessDeniedBody: "You don't have permission to access this resource.",
} as const;

/** REQ-screen. */
export const ADMIN_TEXTS = {
  productSuffix: 'Admin',
  header: 'System Administration: Manage users, security, and compliance',
  defaultRoleBadge: 'ADMIN',
  securityComingSoon: 'Security features are coming soon.',
  overviewCards: ['Total Users', 'Security Alerts', 'Active Sessions', 'Compliance Score'],
  shortcuts: ['Manage Patients', 'Manage Doctors', 'Audit Logs', 'Compliance Reports'],
} as const;

/** REQ-users-denied. */
export const USER_MANAGEMENT_TEXTS = {
  subtitle: 'Manage system users, roles, and permissions',
  counters: ['Total Users', 'Doctors', 'Patients', 'Active'],
  searchPlaceholder: 'Search users...',
  addUser: 'Add User',
  createTitle: 'Create New User',
  columns: ['User', 'Role', 'Department', 'Status', 'Last Login', 'Actions'],
  emptyTitle: 'No users found',
  emptySearchHint: 'Try adjusting your search criteria',
  deleteConfirm: 'Are you sure you want to delete this user? This action cannot be undone.',
  accessDenied: 'Access Denied: You do not have permission to access user management features.',
  emptyDepartment: '-',
  view: 'View',
  suspend: 'Suspend',
  activate: 'Activate',
  delete: 'Delete',
  close: 'Close',
  editUser: 'Edit User',
} as const;

/** REQ-chat, REQ-err-chat-failure chat failure. */
export const CHAT_TEXTS = {
  hipaaLabel: 'HIPAA Compliant',
  footerEncrypted: 'Encrypted & HIPAA compliant',
  footerEmergency: 'For emergencies, call 911',
  quickActions: ['Diabetes medications', 'Hypertension treatments', 'Browse documents'],
  notAvailableTitle: 'AI Service Not Available',
  defaultName: 'Patient',
  technicalDifficulties:
    "I apologize, but I'm experiencing technical difficulties. Please try again later or contact your healthcare provider if this is urgent.",
  send: 'Send',
} as const;

/** REQ-screen-demo. */
export const DEMO_TEXTS = {
  loggedOut: 'Please log in to see the demo of all three identity-provider AI pillars in action.',
  notAuthenticated: 'User not authenticated',
} as const;

/** REQ-appt. */
export const APPOINTMENT_TEXTS = {
  titlePatient: 'My Appointments',
  titleOther: 'Appointment Management',
  tiles: ['Total', 'Scheduled', 'Confirmed', 'Completed'],
  columns: ['Patient', 'Doctor', 'Date & Time', 'Type', 'Status', 'Actions'],
  empty: 'No appointments found',
} as const;

/** REQ-rec. */
export const RECORD_TEXTS = {
  titlePatient: 'My Medical Records',
  titleOther: 'Patient Medical Records',
  tiles: ['Total Records', 'Diagnoses', 'Lab Results', 'Prescriptions', 'Visit Notes'],
  empty: 'No medical records found',
  emptySearchHint: 'Try adjusting your search criteria',
  viewDetails: 'View Details',
  close: 'Close',
  editRecord: 'Edit Record',
  newRecord: 'New Record',
} as const;

/** REQ-rx. */
export const PRESCRIPTION_TEXTS = {
  titlePatient: 'My Prescriptions',
  titleOther: 'Prescription Management',
  tiles: ['Total', 'Active', 'Completed', 'Refills Available'],
  createTitle: 'Create New Prescription',
  refill: 'Refill',
  edit: 'Edit Prescription',
} as const;

/** REQ-kb-loading. */
export const KNOWLEDGE_TEXTS = {
  stats: ['Total Knowledge', 'Accessible', 'Access Rate %', 'Your Role'],
  emptyTitle: 'No accessible knowledge items found',
  emptyHint: 'Try adjusting your search or contact your administrator for access',
  loading: 'Loading medical knowledge base...',
} as const;

/** REQ-err-login. */
export const LOGIN_ERRORS = {
  loginFailed: 'Login failed',
  tokenFailed: 'Get access token failed',
  invalidState: 'Invalid state',
} as const;

/**
 * A stored session the identity provider no longer renews (its refresh token idled out, expired or was revoked):
 * the portal forgets it and says so on the landing. Not in the spec: docs/decisions.md, "Idle sessions".
 */
export const SESSION_TEXTS = {
  ended: 'Your session has ended. Please sign in again.',
} as const;

/** REQ-access, REQ-err permission alerts, shown in an alert region (never window.alert). */
export const PERMISSION_ALERTS = {
  createAppointments: 'You do not have permission to create appointments',
  updateAppointments: 'You do not have permission to update appointments',
  deleteAppointments: 'You do not have permission to delete appointments',
  ownRecordsOnly: 'You can only view your own medical records',
  createPrescriptions: 'You do not have permission to create prescriptions',
  processRefills: 'You do not have permission to process refills',
  createUsers: 'You do not have permission to create users',
  updateUsers: 'You do not have permission to update users',
  deleteUsers: 'You do not have permission to delete users',
} as const;
export type PermissionAlert = (typeof PERMISSION_ALERTS)[keyof typeof PERMISSION_ALERTS];

/** REQ-err. Functions where the text has a slot. */
export const ASSISTANT_ERRORS = {
  unknownTool: (name: string, available: readonly string[]) =>
    `Tool '${name}' not found. Available tools: ${available.join(', ')}`,
  toolFailure: (name: string, message: string) => `Error executing ${name}: ${message}`,
  tokenVaultOff: 'Token vault is not configured. Please configure the token vault to use connected tools.',
  fgaOff: 'Fine-grained authorization is not configured. Please configure it to filter knowledge by access.',
  asyncAuthOff:
    'Asynchronous authorization is not configured. Please configure it to approve sensitive actions.',
  calendarFailure: 'Unable to access calendar at this time. Please try again later.',
  recordsFailure: 'Unable to access medical records. Please contact your healthcare provider.',
  recordsDenied: 'Access Denied - You do not have sufficient permissions to access these medical records.',
  prescriptionFailure: 'Unable to process prescription request. Please contact your healthcare provider.',
  notSupported: (action: string) => `Action '${action}' is not supported.`,
  knowledgeRetrieval: "I'm sorry, I couldn't retrieve medical knowledge right now. Please try again later.",
  knowledgeRetrievalWarning: 'If the problem persists, contact technical support.',
  aiFailure:
    "I'm sorry, I'm having trouble processing your request right now. Please try again later or contact your healthcare provider.",
  emergencyDisclaimer: 'If this is a medical emergency, call 911 or go to the nearest emergency room.',
  unsupportedProvider: (provider: string) => `Unsupported AI provider: ${provider}`,
} as const;

/** REQ-model-errors. */
export const INFERENCE_ERRORS = {
  failed: (detail: string) => `Failed to perform inference: ${detail}`,
  noReadableBody: (status: number) =>
    `Failed to perform inference: an HTTP error occurred (status ${status})`,
  notEventStream: (contentType: string) =>
    `Failed to perform inference: expected content type text/event-stream, got ${contentType || 'none'}`,
  streamError: (message: string) => `Failed to perform inference: the stream reported an error: ${message}`,
  chatNotSupported: (model: string, provider: string) =>
    `The provider ${provider} does not seem to support chat completion for the model ${model}.`,
  endpointWithProvider: 'An endpoint URL cannot be combined with a provider.',
  modelRequiredForAuto: 'A model is required when the provider is auto.',
  modelNeedsPrefix: (provider: string) => `The model must carry the '${provider}/' prefix for this provider.`,
  taskNotSupported: (provider: string, task: string) =>
    `Provider ${provider} does not support the task ${task}.`,
  audioType: (contentType: string) =>
    `Audio must be audio/mpeg, audio/mp4, audio/wav or audio/x-wav, got ${contentType || 'none'}.`,
} as const;

/** REQ-err. */
export const DEMO_ERRORS = {
  failed: (demo: string, error: string) => `${demo} demo failed: ${error}`,
} as const;
