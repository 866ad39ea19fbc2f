/**
 * @sentinel/service: the API's behaviour, written once, over the `Store` interface. apps/api runs it on SQLite
 * or PostgreSQL; packages/mocks runs it in the browser on the memory store.
 */
export type * from './store/types';
export { DuplicateEmailError, DuplicateIdError, OwnerChangeError, StoreClosedError } from './store/errors';
export {
  FIRST_GENERATED_ID,
  itemTableOf,
  normalize,
  patientAccountOf,
  type AuditOwnerLookups,
} from './store/rules';
export {
  createMemoryData,
  memoryDataFrom,
  memoryRowsOf,
  memoryTableOf,
  openMemoryStore,
  writeMemoryData,
  type MemoryData,
  type MemoryOperations,
  type MemoryRows,
  type MemoryStoreOptions,
} from './store/memory';
export {
  TOKEN_REFUSALS,
  callerOfAccount,
  resolveCaller,
  type Caller,
  type TokenVerifier,
  type VerifiedToken,
} from './caller';
export {
  REMEMBERED_CHARS_PER_SCHEMA,
  createListCheck,
  listChecks,
  listItemSchema,
  type CheckedAnswer,
} from './responseCheck';
export {
  ContractDriftError,
  outsideTransaction,
  runRoute,
  type Answer,
  type AuditDetail,
  type ChatStream,
  type OutsideWork,
  type RouteContext,
  type RouteImpl,
  type RouteImpls,
  type RouteOutput,
  type RouteRequest,
  type RunnerEnv,
} from './runner';
export { approvalRoutes, proposeAsAccount, proposePrescription, type Proposer } from './handlers/approvals';
export { clinicalRoutes, notFound, ownerOf, withOwner } from './handlers/clinical';
export { careFacts, confidentialityRoutes, confidentialityViewer } from './handlers/confidentiality';
export { userRoutes, type UserRouteDeps } from './handlers/users';
export {
  IDENTITY_TEXTS,
  INVITATION_TTL_SECONDS,
  IdentityAdminError,
  failureOf,
  invitationExpiry,
  invitationMail,
  signInStatusOf,
  type IdentityAdmin,
  type IdentityFailure,
  type IdentityPatch,
  type MailMessage,
  type Mailer,
  type NewIdentity,
  type ProviderAccount,
  type SignInSnapshot,
} from './identity';
export {
  MEMORY_INVITATION_ORIGIN,
  accountOfUser,
  createMemoryIdentityAdmin,
  createMemoryMailer,
  memoryUserId,
  type MemoryAccount,
  type MemoryIdentityAdmin,
  type MemoryMailer,
} from './identityMemory';
export { authorize, documentAccess, localAuthorizer, type Authorizer } from './authorizer';
export {
  accessFor,
  knowledgeIndexOf,
  knowledgeRoutes,
  knowledgeViewerFor,
  listItemOf,
  type KnowledgeSource,
} from './handlers/knowledge';
export {
  auditPatientOf,
  grantedScopes,
  vaultConnectionOf,
  vaultRoutes,
  type Vault,
  type VaultUser,
} from './handlers/vault';
export {
  DEMO_ASSISTANT_STATUS,
  assistantRoutes,
  assistantStatusOf,
  type AssistantDeps,
  type ChatLimitDecision,
} from './assistant/routes';
export { ModelOutputError, ModelTimeoutError, describeFailure, type ChatModel } from './assistant/model';
export {
  modelUrgency,
  planAssessedChatReply,
  planChatReply,
  replyMeta,
  wordTokens,
  type AssessedChatPlan,
  type ChatPlan,
  type EarlyReply,
  type FailureLog,
} from './assistant/pipeline';
export {
  MAX_HISTORY_TURNS,
  PROMPT_EXCERPT_LENGTH,
  PROMPT_SECTIONS_PER_SOURCE,
  PROMPT_SOURCE_LENGTH,
  modelMessages,
  promptExcerpt,
  promptSources,
  sectionsOf,
  systemPrompt,
  type PromptSource,
} from './assistant/prompt';
export {
  appendToolAudit,
  prepareTool,
  runRecordsTool,
  type ToolContext,
  type ToolDeps,
  type ToolRun,
} from './assistant/tools';
export {
  MAX_TOOL_EVENTS,
  runCalendarTool,
  type CalendarToolAction,
  type CalendarToolDeps,
  type CalendarToolRequest,
} from './assistant/calendarTool';
