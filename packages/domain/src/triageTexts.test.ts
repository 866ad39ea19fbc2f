import { describe, expect, it } from 'vitest';
import { buildAiReply } from './assistant';
import { CHAT_TEXTS } from './texts';
import { triage } from './triage';
import {
  TRIAGE_BANNERS,
  TRIAGE_FOLLOW_UPS,
  redFlagReplyText,
  searchesKnowledgeAt,
  triageAuditNote,
  triageBannerText,
  urgentNoticeText,
} from './triageTexts';

const said = (content: string) => triage([{ role: 'user', content }]);

describe('the triage banners (REQ-triage-replies)', () => {
  it('name the right number and what to do now for each level', () => {
    expect(TRIAGE_BANNERS.emergency.title).toBe(CHAT_TEXTS.footerEmergency);
    expect(TRIAGE_BANNERS.emergency.body).toMatch(/Call 911 now/);
    expect(TRIAGE_BANNERS.crisis.body).toMatch(/call or text 988/);
    expect(TRIAGE_BANNERS.crisis.body).toMatch(/988 Suicide & Crisis Lifeline/);
    expect(TRIAGE_BANNERS.crisis.body).toMatch(/immediate danger, call 911/);
    expect(TRIAGE_BANNERS.poison.body).toMatch(/Poison Help at 1-800-222-1222/);
    expect(TRIAGE_BANNERS.poison.body).toMatch(/911 if the person is unresponsive or struggling to breathe/);
    expect(TRIAGE_BANNERS.urgent.title).toBe('Contact your care team today');
  });

  it('give every number as a tel: or sms: link', () => {
    const hrefs = Object.values(TRIAGE_BANNERS).flatMap((banner) => banner.contacts.map((c) => c.href));
    expect(hrefs.every((href) => /^(tel|sms):\+?\d+$/.test(href))).toBe(true);
    expect(TRIAGE_BANNERS.crisis.contacts.map((c) => c.href)).toEqual(['tel:988', 'sms:988', 'tel:911']);
  });
});

describe('the reply for a red-flag level', () => {
  it('an emergency: the banner, then the topic’s canned answer', () => {
    const question = 'I have chest pain right now';
    expect(redFlagReplyText(said(question), question)).toBe(
      `${triageBannerText('emergency')}\n\n${buildAiReply(undefined, question).message}`,
    );
  });

  it('a crisis: the banner and the supportive follow-up, nothing educational', () => {
    const question = "I don't see the point in living any more";
    expect(redFlagReplyText(said(question), question)).toBe(
      `${triageBannerText('crisis')}\n\n${TRIAGE_FOLLOW_UPS.crisis}`,
    );
  });

  it('an overdose taken to die: the emergency banner with the crisis follow-up, never a medicine note', () => {
    const question = 'I took all my pills because I want to die';
    const text = redFlagReplyText(said(question), question);
    expect(text).toBe(`${triageBannerText('emergency')}\n\n${TRIAGE_FOLLOW_UPS.crisis}`);
  });

  it('poison: the banner and what to do while calling', () => {
    const question = 'my toddler swallowed some of my pills';
    expect(redFlagReplyText(said(question), question)).toBe(
      `${triageBannerText('poison')}\n\n${TRIAGE_FOLLOW_UPS.poison}`,
    );
  });

  it('urgent and none have no fixed reply; only urgent has a notice', () => {
    expect(
      redFlagReplyText({ level: 'urgent', concepts: ['severe high blood pressure'] }, 'x'),
    ).toBeUndefined();
    expect(redFlagReplyText({ level: 'none', concepts: [] }, 'x')).toBeUndefined();
    expect(urgentNoticeText('urgent')).toBe(`${triageBannerText('urgent')}\n\n`);
    expect(urgentNoticeText('none')).toBe('');
    expect(urgentNoticeText('emergency')).toBe('');
  });

  it('only a crisis searches no knowledge', () => {
    expect(searchesKnowledgeAt('crisis')).toBe(false);
    expect(searchesKnowledgeAt('emergency')).toBe(true);
    expect(searchesKnowledgeAt('none')).toBe(true);
  });
});

describe('the audit note', () => {
  it('names the level and the concepts, never the message', () => {
    const question = 'I took all my pills because I want to die';
    const note = triageAuditNote(said(question));
    expect(note).toBe('triage emergency (suicide attempt, suicidal thoughts, overdose or poisoning)');
    expect(note).not.toContain('pills');
    expect(triageAuditNote({ level: 'none', concepts: [] })).toBe('triage none');
  });

  it('stays short enough for an audit reason, counting the concepts left out', () => {
    const concepts = Array.from({ length: 40 }, (_, i) => `concept number ${i}`);
    const note = triageAuditNote({ level: 'emergency', concepts });
    expect(note.length).toBeLessThanOrEqual(300);
    expect(note).toMatch(/, \d+ more\)$/);
  });
});
