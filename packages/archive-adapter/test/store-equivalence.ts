/**
 * The random writes and the reads of the store equivalence tests, shared with stores of other
 * packages (`@aalis/archive-postgres` compares itself with the in-memory store through them).
 */
import type { MessageDraft } from '@aalis/api-message-archive';
import { WellKnownMetadataKeys as Keys, WellKnownKinds } from '@aalis/schema-message';
import fc from 'fast-check';
import type { ArchiveStore } from '../src/index';

const sessions = ['s1', 's2'] as const;
const turns = ['t1', 't2', 't3'] as const;

/** One `append`'s drafts: an input, a tool-call group, a reply, a marker or a released input. */
export const draftArbitrary: fc.Arbitrary<readonly MessageDraft[]> = fc.oneof(
  fc.constantFrom(...turns).map((turnId) => [
    {
      role: 'user' as const,
      content: 'q',
      metadata: { [Keys.TurnId]: turnId, [Keys.TurnEntry]: 'opened' as const },
    },
  ]),
  fc.constantFrom(...turns).map((turnId) => [
    {
      role: 'assistant' as const,
      content: '',
      toolCalls: [{ id: 'c', name: 'x', arguments: '{}' }],
      metadata: { [Keys.TurnId]: turnId },
    },
    {
      role: 'tool' as const,
      content: 'r',
      toolCallId: 'c',
      metadata: { [Keys.TurnId]: turnId, [Keys.CallId]: `k-${turnId}` },
    },
  ]),
  fc
    .constantFrom(...turns)
    .map((turnId) => [{ role: 'assistant' as const, content: 'a', metadata: { [Keys.TurnId]: turnId } }]),
  fc
    .constantFrom(WellKnownKinds.EventMarker, WellKnownKinds.TurnStopped)
    .map((kind) => [{ role: 'system' as const, kind, content: '', metadata: { [Keys.TurnId]: 't1' } }]),
  fc.constant([{ role: 'user' as const, content: 'released' }]),
);

/** One write the equivalence tests apply to every store. */
export type Operation =
  | { readonly type: 'append'; readonly sessionId: string; readonly drafts: readonly MessageDraft[] }
  | { readonly type: 'rollback'; readonly sessionId: string; readonly turnId: string }
  | { readonly type: 'record'; readonly messageId: string }
  | { readonly type: 'clear'; readonly sessionId: string };

/** Random writes: appends mostly, some rollbacks, records and clears. */
export const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('append' as const),
      sessionId: fc.constantFrom(...sessions),
      drafts: draftArbitrary,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('rollback' as const),
      sessionId: fc.constantFrom(...sessions),
      turnId: fc.constantFrom(...turns),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('record' as const),
      messageId: fc.integer({ min: 1, max: 30 }).map((n) => `m${n}`),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('clear' as const), sessionId: fc.constantFrom(...sessions) }),
  },
);

async function outcome(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return { value: await work() };
  } catch (error) {
    return { error: (error as { code?: string }).code ?? (error as Error).name };
  }
}

/** Applies a write; resolves with its value or the code of its error, for comparison. */
export async function apply(store: ArchiveStore, operation: Operation): Promise<unknown> {
  switch (operation.type) {
    case 'append':
      return outcome(() => store.append(operation.sessionId, operation.drafts));
    case 'rollback':
      return outcome(() => store.rollback(operation.sessionId, operation.turnId));
    case 'record':
      return outcome(() =>
        store.updateMetadata(operation.messageId, { [Keys.TurnRecord]: { outcome: 'silent' } }),
      );
    case 'clear':
      return outcome(() => store.clear([operation.sessionId]));
  }
}

/** Everything a store reads back for the sessions of the operations. */
export async function reads(store: ArchiveStore, limit: number) {
  const result: unknown[] = [];
  for (const sessionId of sessions) {
    result.push(
      await store.list(sessionId),
      await store.history(sessionId, { limit }),
      await store.countHistory(sessionId),
      await store.timeline(sessionId),
    );
  }
  return result;
}
