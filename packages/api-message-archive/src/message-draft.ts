import type { Message } from '@aalis/schema-message';

/**
 * A message to append: a `Message` without the fields the archive fills in. `id` and
 * `createdAt` may be given (e.g. to keep ids deterministic); `metadata` defaults to `{}`.
 */
export type MessageDraft = Omit<Message, 'id' | 'sessionId' | 'createdAt' | 'metadata'> & {
  readonly id?: string;
  readonly createdAt?: number;
  readonly metadata?: Message['metadata'];
};
