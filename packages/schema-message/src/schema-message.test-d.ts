import { describe, expectTypeOf, it } from 'vitest';
import type {
  IncomingMessage,
  MessageMetadata,
  TurnRecord,
  WellKnownMetadata,
  WellKnownMetadataKey,
} from './index';

describe('schema-message types', () => {
  it('types every registered metadata key, and nothing else', () => {
    expectTypeOf<keyof WellKnownMetadata>().toEqualTypeOf<WellKnownMetadataKey>();
  });

  it('gives registered metadata keys their value types and keeps plugin keys open', () => {
    expectTypeOf<MessageMetadata['turnRecord']>().toEqualTypeOf<TurnRecord | undefined>();
    expectTypeOf<MessageMetadata['turnEntry']>().toEqualTypeOf<'opened' | 'joined' | undefined>();
    expectTypeOf<MessageMetadata['acme.anything']>().toEqualTypeOf<unknown>();
  });

  it('lets preprocessors rewrite the content of an input', () => {
    expectTypeOf<IncomingMessage>().toHaveProperty('content').toEqualTypeOf<string>();
    const rewrite = (message: IncomingMessage) => {
      message.content += ' [logged]';
    };
    expectTypeOf(rewrite).toBeFunction();
  });
});
