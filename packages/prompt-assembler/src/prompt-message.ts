import type { ChatMessage } from '@aalis/api-llm';
import type { MessageMetadata, WellKnownMetadataKeys } from '@aalis/schema-message';

/** Metadata of a message built by a prompt contribution: its injector's global key. */
export type PromptMessageMetadata = MessageMetadata & {
  /** Global key `pluginInstanceId/localId` of the contribution that built the message. */
  readonly [Key in typeof WellKnownMetadataKeys.Injector]: string;
};

/**
 * A chat message built by a prompt contribution, tagged with its injector under
 * `WellKnownMetadataKeys.Injector` ([PRM-3]). A text output becomes one `system` message;
 * messages a contribution returns keep their role and content.
 */
export interface PromptMessage extends ChatMessage {
  readonly metadata: PromptMessageMetadata;
}
