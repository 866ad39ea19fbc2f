/**
 * What the assistant says before anything else when triage (triage/, docs/clinical-safety.md) raises a level
 * (REQ-triage-replies): the banner the chat panel shows and the words the reply starts with. Defined once: the API,
 * the mock API, the panel and the tests import them.
 *
 * What follows the banner, decided per level (apps/api/src/assistant/README.md, "Triage first"):
 * - `emergency`: the banner, then the domain's reviewed canned answer for the topic. No model, no tool: the
 *   banner reaches the screen without waiting for a model, and no model can talk the person out of calling.
 * - `crisis`: the banner, then a short supportive message. No model, no tool and no educational part at all,
 *   so nothing in the reply can be read as information about methods or doses.
 * - `poison`: the banner, then what Poison Help asks callers to do while calling (have the container at hand,
 *   do not make the person vomit). No model: home remedies are where models go wrong.
 * - `urgent`: a calm notice, then the usual reply (model, tool or canned answer): the educational part is safe
 *   and helps, the notice says where to go today.
 */
import { cannedReplyAfterBanner } from './assistant';
import { CHAT_TEXTS } from './texts';
import type { TriageLevel, TriageResult } from './triage';

/** One way to reach help: the link text and its `tel:` or `sms:` address. */
export interface HelpContact {
  readonly label: string;
  readonly href: string;
}

/** A level's banner: a title naming the number, what to do now, and the numbers as links. */
export interface TriageBanner {
  readonly title: string;
  readonly body: string;
  readonly contacts: readonly HelpContact[];
}

const CALL_911: HelpContact = { label: 'Call 911', href: 'tel:911' };

/** The banner of every level that has one (`none` has none). */
export const TRIAGE_BANNERS = {
  emergency: {
    // The spec's words ('For emergencies, call 911'), as the footer and the earlier banner said them.
    title: CHAT_TEXTS.footerEmergency,
    body: 'What you describe can be a medical emergency. Call 911 now, or ask someone near you to call. Do not wait to see if it gets better, and do not drive yourself.',
    contacts: [CALL_911],
  },
  crisis: {
    title: 'You are not alone: call or text 988',
    body: 'If you are thinking about suicide or hurting yourself, call or text 988 to reach the 988 Suicide & Crisis Lifeline, any time, free and confidential. If you are in immediate danger, call 911.',
    contacts: [{ label: 'Call 988', href: 'tel:988' }, { label: 'Text 988', href: 'sms:988' }, CALL_911],
  },
  poison: {
    title: 'Poison Help: call 1-800-222-1222',
    body: 'If someone swallowed something harmful or took too much of a medicine, call Poison Help at 1-800-222-1222 now, even if they feel fine. Call 911 if the person is unresponsive or struggling to breathe.',
    contacts: [{ label: 'Call 1-800-222-1222', href: 'tel:+18002221222' }, CALL_911],
  },
  urgent: {
    title: 'Contact your care team today',
    body: 'What you describe should be checked by a clinician today. Call your doctor’s office or care team, or go to urgent care if they cannot see you today. Call 911 if it gets worse or new symptoms start.',
    contacts: [],
  },
} as const satisfies Record<Exclude<TriageLevel, 'none'>, TriageBanner>;

/** The levels answered without any model or tool (the banner first, then a fixed text). */
export const RED_FLAG_LEVELS = ['emergency', 'crisis', 'poison'] as const;
export type RedFlagLevel = (typeof RED_FLAG_LEVELS)[number];

export const isRedFlagLevel = (level: TriageLevel): level is RedFlagLevel =>
  (RED_FLAG_LEVELS as readonly TriageLevel[]).includes(level);

/** What follows the banner for the crisis and poison levels (the emergency level has the topic's answer). */
export const TRIAGE_FOLLOW_UPS = {
  crisis:
    'Thank you for telling me. What you are feeling matters, and trained counselors at 988 are ready to listen right now. If you can, stay with someone you trust, and keep away from anything you could use to hurt yourself.',
  poison:
    'While you call: keep the container, label or medicine bottle at hand, and do not try to make the person vomit unless Poison Help tells you to.',
} as const;

/** The reply's first words for a level: the banner's title and body as one paragraph ('' for `none`). */
export function triageBannerText(level: TriageLevel): string {
  if (level === 'none') return '';
  const banner: TriageBanner = TRIAGE_BANNERS[level];
  return `${banner.title}. ${banner.body}`;
}

/**
 * Concepts after which an emergency reply gets the crisis follow-up rather than the topic's canned answer
 * (an overdose taken to end one's life is an emergency, and its reply must say nothing about medicines).
 */
const SELF_HARM_CONCEPTS: ReadonlySet<string> = new Set([
  'suicide attempt',
  'suicidal thoughts',
  'self-harm',
]);

/**
 * The whole reply text for a red-flag level, banner first: for an emergency the topic's reviewed canned answer
 * follows (or the crisis follow-up when the person also spoke of harming themselves); for a crisis or poison
 * level, that level's fixed follow-up. `undefined` for `urgent` and `none`, which the model may answer.
 */
export function redFlagReplyText(result: TriageResult, question: string): string | undefined {
  const { level } = result;
  if (!isRedFlagLevel(level)) return undefined;
  const banner = triageBannerText(level);
  if (level !== 'emergency') return `${banner}\n\n${TRIAGE_FOLLOW_UPS[level]}`;
  const selfHarm = result.concepts.some((concept) => SELF_HARM_CONCEPTS.has(concept));
  return `${banner}\n\n${selfHarm ? TRIAGE_FOLLOW_UPS.crisis : cannedReplyAfterBanner(question)}`;
}

/** The words an urgent reply starts with, before the usual answer ('' for every other level). */
export function urgentNoticeText(level: TriageLevel): string {
  return level === 'urgent' ? `${triageBannerText('urgent')}\n\n` : '';
}

/** Room the triage note may take in an audit reason (500 characters in all, contract/audit.ts). */
const MAX_AUDIT_NOTE = 300;

/**
 * The audit reason's triage note: the level and the names of the concepts that raised it, never the message
 * (concept names are the rules' own fixed words). Concepts that do not fit are counted, not dropped silently.
 */
export function triageAuditNote(result: TriageResult): string {
  const level = `triage ${result.level}`;
  const names: string[] = [];
  let length = level.length + 3;
  for (const concept of result.concepts) {
    if (length + concept.length + 2 > MAX_AUDIT_NOTE - 12) break;
    names.push(concept);
    length += concept.length + 2;
  }
  const more = result.concepts.length - names.length;
  const list = [...names, ...(more > 0 ? [`${more} more`] : [])].join(', ');
  return list ? `${level} (${list})` : level;
}

/**
 * Whether a reply at this level searches the knowledge base, detects actions and suggests follow-ups: not for a
 * crisis, where the reply is the Lifeline and a few kind words only (a cited document or a "symptoms of
 * diabetes?" chip would be out of place, and words about methods must not pull up a medicine's document).
 */
export const searchesKnowledgeAt = (level: TriageLevel): boolean => level !== 'crisis';
