import type { IncomingMessage, Message } from '@aalis/schema-message';

/**
 * An input of a turn as the persistence conventions see it: structurally the `TurnInput` of
 * `@aalis/api-agent`, so its objects can be passed as they are. `archived` is set once the
 * input is archived, never otherwise ([HK-9]).
 */
export interface PersistableInput {
  readonly message: IncomingMessage;
  archived?: Message;
}
