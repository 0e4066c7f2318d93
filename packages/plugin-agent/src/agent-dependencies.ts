import type { HooksService } from '@aalis/api-hooks';
import type { LlmService } from '@aalis/api-llm';
import type { MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { SessionManagerService } from '@aalis/api-session-manager';
import type { ToolsService } from '@aalis/api-tools';
import type { EventBus } from '@aalis/core';
import type { PromptContributionSource } from '@aalis/prompt-assembler';
import type { AgentConfig } from './agent-config';

/**
 * The collaborators of the default agent, as plain service objects (inside an app, the
 * plugin passes the business handles of the services it uses). The archive, memory, tools,
 * session manager and prompt contributions are optional: without an archive nothing is
 * persisted and turns still run ([SVC-5]).
 */
export interface AgentDependencies {
  readonly hooks: HooksService;
  readonly events: EventBus;
  readonly llm: LlmService;
  readonly tools?: ToolsService | undefined;
  readonly sessions?: SessionManagerService | undefined;
  readonly archive?: MessageArchiveService | undefined;
  readonly memory?: MemoryService | undefined;
  /** The current `agent:prompt` contributions, read before every model call ([PRM-1]). */
  readonly contributions?: PromptContributionSource | undefined;
  readonly config?: AgentConfig | undefined;
}
