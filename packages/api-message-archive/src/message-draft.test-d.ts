import type { Message } from '@aalis/schema-message';
import { describe, expectTypeOf, it } from 'vitest';
import type { MessageArchiveService, MessageDraft } from './index';

describe('archive types', () => {
  it('lets a draft leave out what the archive fills in', () => {
    expectTypeOf<{ role: 'assistant'; content: string }>().toExtend<MessageDraft>();
    expectTypeOf<MessageDraft>().not.toHaveProperty('sessionId');
  });

  it('accepts stored messages as drafts (re-appending keeps ids and times)', () => {
    expectTypeOf<Omit<Message, 'sessionId'>>().toExtend<MessageDraft>();
  });

  it('archives an input with turn id and entry', () => {
    expectTypeOf<Parameters<MessageArchiveService['archiveIncoming']>[1]>().toEqualTypeOf<
      { readonly turnId?: string; readonly entry?: 'opened' | 'joined' } | undefined
    >();
  });
});
