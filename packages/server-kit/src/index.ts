/** What every Sentinel server does the same way (Node only): tokens, settings, serving, the rate limiter. */
export {
  CLOCK_TOLERANCE_SECONDS,
  bearerToken,
  createJwtVerifier,
  createTokenCheck,
  type JwtCheck,
  type JwtVerifier,
  type JwtVerifierOptions,
  type TokenCheck,
} from './jwt';
export {
  createRateLimiter,
  type RateDecision,
  type RateLimiter,
  type RateLimiterOptions,
  type RatePolicy,
} from './rateLimit';
export {
  DEFAULT_GRACE_MS,
  serve,
  settingsOrExit,
  stopOnSignals,
  type Listener,
  type ServeOptions,
  type StopLog,
  type StopOptions,
  type StopProcess,
} from './serve';
export {
  LOG_LEVELS,
  SettingsError,
  defaultJwksUrl,
  parseRate,
  readSettings,
  type Env,
  type ListenSettings,
  type LogLevel,
  type Rate,
  type ResourceServerSettings,
  type SettingsReader,
  type TokenIssuerSettings,
} from './settings';
export {
  DEFAULT_MAIL_FROM,
  DEFAULT_SMTP_URL,
  MailError,
  createMailer,
  type MailMessage,
  type Mailer,
  type MailerOptions,
} from './mail';
