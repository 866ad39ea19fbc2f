import { DISCLAIMER, SUGGESTED_ACTIONS } from '@sentinel/domain';
import type { ChatStreamEvent } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { planChatReply, wordTokens } from './pipeline';

async function eventsOf(content: string): Promise<ChatStreamEvent[]> {
  const plan = planChatReply({
    turns: [{ role: 'user', content }],
    documents: [],
    viewer: { role: 'admin', specializations: [] },
    model: undefined,
    logFailure: () => undefined,
  });
  const events: ChatStreamEvent[] = [];
  for await (const event of plan.stream(new AbortController().signal)) events.push(event);
  return events;
}

describe('word tokens', () => {
  it('keep the text exactly, split after each run of whitespace', () => {
    expect(wordTokens('Drink water.\n\nSafety note: ok')).toStrictEqual([
      'Drink ',
      'water.\n\n',
      'Safety ',
      'note: ',
      'ok',
    ]);
    expect(wordTokens('')).toStrictEqual([]);
  });
});

describe('a reply without a model', () => {
  it('to a blank question cites nothing and still ends with the disclaimer and done', async () => {
    const events = await eventsOf('   ');
    expect(events[0]).toStrictEqual({
      type: 'meta',
      actions: [],
      knowledgeRefs: [],
      sources: [],
      withheldCount: 0,
      emergency: false,
      triage: 'none',
      suggestedActions: [SUGGESTED_ACTIONS.general],
    });
    expect(events.slice(-2)).toStrictEqual([{ type: 'disclaimer', text: DISCLAIMER }, { type: 'done' }]);
  });
});
