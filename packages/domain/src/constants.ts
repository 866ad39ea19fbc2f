/**
 * Business constants and limits (REQ-limit, and the figures other requirements name).
 * Times are in milliseconds unless the name says otherwise.
 */
export const PRODUCT_NAME = 'Sentinel Health';

/** REQ-screen-landing-features, REQ-limit-feature-rotation: feature cards rotate every 4 seconds. */
export const FEATURE_ROTATION_MS = 4_000;
/** REQ-limit-login-popup: login popup size and timeout. */
export const LOGIN_POPUP = { width: 400, height: 600, timeoutMs: 60_000 } as const;
/** REQ-limit-http-timeout: HTTP timeout default; token fetch retried 3 times. */
export const HTTP_TIMEOUT_MS = 10_000;
export const TOKEN_FETCH_RETRIES = 3;
/**
 * REQ-auth-idtoken-times, REQ-limit-token-leeway: id-token expiry leeway; a cache entry is stale 60 s before
 * expiry.
 */
export const TOKEN_EXPIRY_LEEWAY_SECONDS = 60;
export const CACHE_STALE_BEFORE_EXPIRY_SECONDS = 60;
/** REQ-limit-silent-lock: silent-token lock: 5 seconds, tried up to 10 times. */
export const SILENT_TOKEN_LOCK = { timeoutMs: 5_000, attempts: 10 } as const;
/** REQ-limit-transaction-storage: transaction storage and session-check cookie: 1 day. */
export const TRANSACTION_STORAGE_DAYS = 1;
export const SESSION_CHECK_COOKIE_DAYS = 1;
/** REQ-limit-pkce: PKCE verifier length. */
export const PKCE_VERIFIER_LENGTH = 43;
/** REQ-limit-polling: polling: one provider 5 attempts at 1 second; other pollers every 500 ms. */
export const PROVIDER_POLLING = { attempts: 5, intervalMs: 1_000 } as const;
export const DEFAULT_POLL_INTERVAL_MS = 500;
/** REQ-kb, REQ-limit-knowledge: knowledge relevance threshold and result cap. */
export const RELEVANCE_THRESHOLD = 0.3;
export const MAX_KNOWLEDGE_RESULTS = 5;
/** REQ-chat-min-reply, REQ-limit-min-reply: an AI reply shorter than this is replaced by a canned answer. */
export const MIN_AI_REPLY_LENGTH = 20;
/** REQ-limit-mock-delay: mock responses delay 1 to 3 seconds. */
export const MOCK_DELAY_MS = { min: 1_000, max: 3_000 } as const;
/** REQ-limit-default-provider: default AI provider is the hosted model service. */
export const DEFAULT_AI_PROVIDER = 'huggingface';
/** REQ-chat, REQ-limit-panel-height: chat panel height in pixels. */
export const CHAT_PANEL_HEIGHT_PX = 600;
/** REQ-data-chat-message, REQ-limit-excerpt: knowledge excerpts are cut at 150 characters. */
export const EXCERPT_LENGTH = 150;
/** REQ-chat-disclaimer-delay, REQ-limit-disclaimer-delay: the disclaimer appears 1000 ms after the reply. */
export const DISCLAIMER_DELAY_MS = 1_000;
/** REQ-limit-demo-queries: the demo runs 4 sample queries for the fine-grained authorization check. */
export const FGA_DEMO_QUERY_COUNT = 4;
/** REQ-limit: a new prescription ends 720 hours (30 days) after today. */
export const PRESCRIPTION_DURATION_HOURS = 720;
/** REQ-rx-refills-allowed, REQ-limit: Refills Allowed is a number from 0 to 10. */
export const MAX_REFILLS = 10;
/** REQ-limit-specializations: the knowledge list shows 2 specializations before '+N more'. */
export const SPECIALIZATIONS_SHOWN = 2;
/**
 * REQ-data-access-context, REQ-limit-specializations: default specialization in the knowledge access context.
 */
export const DEFAULT_SPECIALIZATION = 'family-medicine';
/** REQ-users-last-login, REQ-limit-new-user: 'N days ago' is shown for under 7 days. */
export const RELATIVE_DAYS_LIMIT = 7;
/** REQ-limit-overview-numbers: hard-coded admin overview numbers. */
export const ADMIN_OVERVIEW = {
  totalUsers: 1247,
  securityAlerts: 0,
  activeSessions: 89,
  complianceScore: 98,
} as const;
/** REQ-limit-link-protocols: allowed link protocols in rendered markdown. */
export const ALLOWED_LINK_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;
/**
 * REQ-limit-retry-stream: only a 503 status triggers a retry in the inference client; the stream end marker.
 */
export const INFERENCE_RETRY_STATUS = 503;
export const STREAM_DONE_MARKER = '[DONE]';
/** REQ-limit-vitals-units: vitals units. */
export const VITALS_UNITS = {
  temperature: '°F',
  heartRate: 'bpm',
  weight: 'kg',
  height: 'cm',
  bloodPressure: 'mmHg',
} as const;

/**
 * REQ-chat-fallback: hosted chat-completion parameters, its text-generation fallback, and the second
 * provider.
 */
export const CHAT_COMPLETION_PARAMS = { max_tokens: 300, temperature: 0.4, top_p: 0.9 } as const;
export const TEXT_GENERATION_PARAMS = {
  max_new_tokens: 200,
  temperature: 0.4,
  repetition_penalty: 1.1,
  wait_for_model: true,
  use_cache: false,
} as const;
export const SECOND_PROVIDER_PARAMS = { max_tokens: 500, temperature: 0.3, top_p: 0.9 } as const;

/** REQ-auth-scope: identity-provider scope: openid profile email plus the health-data scopes. */
export const AUTH_SCOPE = 'openid profile email read:health_data write:health_data';
/** REQ-data-claims: product-specific claim namespace for roles and permissions. */
export const CLAIM_NAMESPACE = 'https://sentinel-health.example/';

/** REQ-screen-landing-stats: the three statistic cards. */
export const LANDING_STATS = [
  { value: '45M+', label: 'patient records breached annually' },
  { value: '100%', label: 'secure' },
  { value: '$10.3M', label: 'average breach cost' },
] as const;
/** REQ-screen-landing-footer footer certifications. */
export const CERTIFICATIONS = ['HIPAA', 'SOC 2 Type II', 'ISO 27001', 'GDPR Ready'] as const;

/** `POST /api/chat`: an event stream answers, and a request holds at most 50 turns of 4,000 characters each. */
export const SSE_CONTENT_TYPE = 'text/event-stream';
export const MAX_CHAT_MESSAGES = 50;
export const MAX_CHAT_MESSAGE_LENGTH = 4_000;
