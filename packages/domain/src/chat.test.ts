import { describe, expect, it } from 'vitest';
import {
  canSendMessage,
  clearedConversation,
  keyAction,
  showsQuickActions,
  technicalDifficultiesMessage,
  welcomeText,
} from './chat';
import { ChatMessageSchema } from './entities';
import { CHAT_TEXTS } from './texts';

const ctx = { id: 'm1', now: new Date('2026-11-02T14:30:00Z') };

describe('chat sending rules (REQ-chat-send, REQ-chat-keys, REQ-chat-quick-actions)', () => {
  it('blocks a blank message and any send while a reply is pending', () => {
    expect(canSendMessage('  \n ', false)).toBe(false);
    expect(canSendMessage('Hello', true)).toBe(false);
    expect(canSendMessage(' Hello ', false)).toBe(true);
  });
  it('sends on Enter and inserts a newline on Shift+Enter, never while composing', () => {
    expect(keyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(keyAction({ key: 'Enter', shiftKey: true })).toBe('newline');
    expect(keyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('none');
    expect(keyAction({ key: 'a', shiftKey: false })).toBe('none');
  });
  it('shows quick actions only while there is at most one message and documents exist', () => {
    expect(showsQuickActions(1, 4)).toBe(true);
    expect(showsQuickActions(2, 4)).toBe(false);
    expect(showsQuickActions(0, 0)).toBe(false);
  });
});

describe('conversation (REQ-chat-welcome, REQ-chat-clear, REQ-err-chat-failure)', () => {
  it("greets by name, defaulting to 'Patient'", () => {
    expect(welcomeText('Jane')).toMatch(/^Hello Jane!/);
    expect(welcomeText('  ')).toMatch(/^Hello Patient!/);
    expect(welcomeText(undefined)).toMatch(/^Hello Patient!/);
  });
  it('clears to one assistant welcome message and closes any open document', () => {
    const cleared = clearedConversation('Jane', ctx);
    expect(cleared.messages).toHaveLength(1);
    expect(cleared.messages[0]).toMatchObject({ role: 'assistant', content: welcomeText('Jane') });
    expect(cleared.openDocumentId).toBeUndefined();
    expect(ChatMessageSchema.safeParse(cleared.messages[0]).success).toBe(true);
  });
  it('adds the technical-difficulties message on a failed send', () => {
    expect(technicalDifficultiesMessage(ctx)).toMatchObject({
      role: 'assistant',
      content: CHAT_TEXTS.technicalDifficulties,
    });
  });
});
