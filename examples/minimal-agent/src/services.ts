import type { HooksService } from '@aalis/api-hooks';
import type { LlmService } from '@aalis/api-llm';
import type { MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { SessionManagerService } from '@aalis/api-session-manager';
import type { ToolsService } from '@aalis/api-tools';
import type { Contributions, EventBus, Lifecycle } from '@aalis/core';
import type { SelfIdentity } from '@aalis/schema-message';

/**
 * The collaborators the contract names, as plain services. The archive and memory are
 * optional ([SVC-5]): read them when used, since a provider may come and go.
 */
export interface MinimalAgentServices {
  readonly llm: LlmService;
  readonly tools: ToolsService;
  readonly hooks: HooksService;
  readonly sessions: SessionManagerService;
  readonly archive: MessageArchiveService | undefined;
  readonly memory: MemoryService | undefined;
  readonly events: EventBus;
  readonly contributions: Contributions;
  readonly lifecycle: Lifecycle;
  /** Not a service: the assistant's own account on a platform, recorded on final replies ([ARC-3]). */
  readonly selfIdentity?: (platform: string) => SelfIdentity | undefined;
}
