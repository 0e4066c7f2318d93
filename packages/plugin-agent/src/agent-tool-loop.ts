import type { TokenCounter } from '@aalis/token-budget';
import { createToolLoop, type ToolLoop, type ToolLoopAssembler } from '@aalis/tool-loop';
import type { ResolvedAgentConfig } from './agent-config';
import type { AgentDependencies } from './agent-dependencies';

/**
 * The agent's tool loop, made once over its collaborators: the model, hooks and events, the
 * tool service (read when each turn starts, since it may be provided after the agent), the
 * prompt blocks, the agent's long-lived token counter and its configured limits. A failure a
 * turn survives is logged with the turn's ids.
 */
export function createAgentToolLoop(options: {
  readonly deps: AgentDependencies;
  readonly config: ResolvedAgentConfig;
  readonly counter: TokenCounter;
  readonly assembler: ToolLoopAssembler;
}): ToolLoop {
  const { deps, config } = options;
  return createToolLoop({
    llm: deps.llm,
    get tools() {
      return deps.tools;
    },
    hooks: deps.hooks,
    events: deps.events,
    assembler: options.assembler,
    budget: { counter: options.counter },
    limits: {
      toolConcurrency: config.toolConcurrency,
      maxToolResultChars: config.maxToolResultChars,
      maxFormatRetries: config.maxFormatRetries,
    },
    createCallId: config.createCallId,
    onError: (error, turn) => config.logger.warn('turn survived a failure', { ...turn, error }),
  });
}
