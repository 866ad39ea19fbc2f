/**
 * REQ-limit: one test per requirement of that area, asserting the values against
 * the figures docs/requirements.md gives. Behaviour that uses these values is tested beside the rule that applies it.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIN_OVERVIEW,
  ALLOWED_LINK_PROTOCOLS,
  CACHE_STALE_BEFORE_EXPIRY_SECONDS,
  CHAT_PANEL_HEIGHT_PX,
  DEFAULT_AI_PROVIDER,
  DEFAULT_POLL_INTERVAL_MS,
  DEFAULT_SPECIALIZATION,
  DISCLAIMER_DELAY_MS,
  EXCERPT_LENGTH,
  FEATURE_ROTATION_MS,
  FGA_DEMO_QUERY_COUNT,
  HTTP_TIMEOUT_MS,
  LOGIN_POPUP,
  MAX_KNOWLEDGE_RESULTS,
  MAX_REFILLS,
  MIN_AI_REPLY_LENGTH,
  MOCK_DELAY_MS,
  PKCE_VERIFIER_LENGTH,
  PRESCRIPTION_DURATION_HOURS,
  PROVIDER_POLLING,
  RELATIVE_DAYS_LIMIT,
  RELEVANCE_THRESHOLD,
  SESSION_CHECK_COOKIE_DAYS,
  SILENT_TOKEN_LOCK,
  SPECIALIZATIONS_SHOWN,
  TOKEN_EXPIRY_LEEWAY_SECONDS,
  TOKEN_FETCH_RETRIES,
  TRANSACTION_STORAGE_DAYS,
  VITALS_UNITS,
} from './constants';
import { ADMIN_TEXTS } from './texts';
import { CONFIDENTIALITY_LEVELS, DOCUMENT_SENSITIVITIES, NewUserFormSchema } from './entities';

describe('business constants and limits (REQ-limit)', () => {
  it('rotates the feature cards every 4 seconds', () => {
    expect(FEATURE_ROTATION_MS).toBe(4_000);
  });

  it('opens the login popup at 400x600 with a 60-second timeout', () => {
    expect(LOGIN_POPUP).toEqual({ width: 400, height: 600, timeoutMs: 60_000 });
  });

  it('times HTTP calls out after 10 seconds by default and retries the token fetch 3 times', () => {
    expect(HTTP_TIMEOUT_MS).toBe(10_000);
    expect(TOKEN_FETCH_RETRIES).toBe(3);
  });

  it('allows 60 seconds of token expiry leeway and treats a cache entry as stale 60 seconds before expiry', () => {
    expect(TOKEN_EXPIRY_LEEWAY_SECONDS).toBe(60);
    expect(CACHE_STALE_BEFORE_EXPIRY_SECONDS).toBe(60);
  });

  it('holds the silent-token lock for 5 seconds, tried up to 10 times', () => {
    expect(SILENT_TOKEN_LOCK).toEqual({ timeoutMs: 5_000, attempts: 10 });
  });

  it('keeps the login transaction for 1 day and the session-check cookie for 1 day by default', () => {
    expect(TRANSACTION_STORAGE_DAYS).toBe(1);
    expect(SESSION_CHECK_COOKIE_DAYS).toBe(1);
  });

  it('makes the PKCE verifier 43 characters long', () => {
    expect(PKCE_VERIFIER_LENGTH).toBe(43);
  });

  it('polls one provider 5 times at 1 second and other pollers every 500 ms', () => {
    expect(PROVIDER_POLLING).toEqual({ attempts: 5, intervalMs: 1_000 });
    expect(DEFAULT_POLL_INTERVAL_MS).toBe(500);
  });

  it('uses a knowledge relevance threshold of 0.3 and returns at most 5 knowledge items', () => {
    expect(RELEVANCE_THRESHOLD).toBe(0.3);
    expect(MAX_KNOWLEDGE_RESULTS).toBe(5);
  });

  it('requires an AI reply of at least 20 characters', () => {
    expect(MIN_AI_REPLY_LENGTH).toBe(20);
  });

  it('delays mock responses by 1 to 3 seconds', () => {
    expect(MOCK_DELAY_MS).toEqual({ min: 1_000, max: 3_000 });
  });

  it('defaults the AI provider to the hosted model service', () => {
    expect(DEFAULT_AI_PROVIDER).toBe('huggingface');
  });

  it('sizes the chat panel at 600px, cuts excerpts at 150 characters, shows the disclaimer 1000 ms after the reply and runs 4 demo queries', () => {
    expect(CHAT_PANEL_HEIGHT_PX).toBe(600);
    expect(EXCERPT_LENGTH).toBe(150);
    expect(DISCLAIMER_DELAY_MS).toBe(1_000);
    expect(FGA_DEMO_QUERY_COUNT).toBe(4);
  });

  it('ends a new prescription 720 hours (30 days) after today and caps the refills input at 10', () => {
    expect(PRESCRIPTION_DURATION_HOURS).toBe(720);
    expect(PRESCRIPTION_DURATION_HOURS / 24).toBe(30);
    expect(MAX_REFILLS).toBe(10);
  });

  it("shows 2 specializations before '+N more' and defaults the specialization to family-medicine", () => {
    expect(SPECIALIZATIONS_SHOWN).toBe(2);
    expect(DEFAULT_SPECIALIZATION).toBe('family-medicine');
  });

  it('shows vitals in °F, bpm, kg and cm', () => {
    expect(VITALS_UNITS).toMatchObject({ temperature: '°F', heartRate: 'bpm', weight: 'kg', height: 'cm' });
  });

  it('knows the confidentiality levels normal, sensitive, restricted and the sensitivity levels low, medium, high', () => {
    expect(CONFIDENTIALITY_LEVELS).toEqual(['normal', 'sensitive', 'restricted']);
    expect(DOCUMENT_SENSITIVITIES).toEqual(['low', 'medium', 'high']);
  });

  it("defaults a new user's role to patient and shows 'days ago' for under 7 days", () => {
    expect(NewUserFormSchema.parse({ name: 'Pat', email: 'pat@example.com' }).role).toBe('patient');
    expect(RELATIVE_DAYS_LIMIT).toBe(7);
  });

  it('shows the hard-coded overview numbers: 1,247 users, 0 alerts, 89 sessions, 98%', () => {
    expect(ADMIN_TEXTS.overviewCards).toEqual([
      'Total Users',
      'Security Alerts',
      'Active Sessions',
      'Compliance Score',
    ]);
    expect(ADMIN_OVERVIEW).toEqual({
      totalUsers: 1247,
      securityAlerts: 0,
      activeSessions: 89,
      complianceScore: 98,
    });
  });

  it('allows only http, https, irc, ircs, mailto and xmpp links in rendered markdown', () => {
    expect(ALLOWED_LINK_PROTOCOLS).toEqual(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);
  });
});
