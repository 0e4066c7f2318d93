import type { ModelRef } from '@aalis/api-llm';
import type { SessionManagerService } from '@aalis/api-session-manager';
import type { ResolvedAgentConfig } from './agent-config';

/** The settings one turn runs with: the session's own, else the plugin's defaults ([SET-2]). */
export interface TurnSettings {
  readonly model: ModelRef | undefined;
  readonly deepThinking: boolean;
  readonly maxToolIterations: number;
  readonly historyLimit: number;
}

/** Reads the session's settings over the configured defaults. */
export function resolveTurnSettings(
  config: ResolvedAgentConfig,
  sessions: SessionManagerService | undefined,
  sessionId: string,
): TurnSettings {
  const own = sessions?.getSettings(sessionId);
  return {
    model: own?.model ?? config.model,
    deepThinking: own?.deepThinking ?? config.deepThinking,
    maxToolIterations: own?.maxToolIterations ?? config.maxToolIterations,
    historyLimit: own?.historyLimit ?? config.historyLimit,
  };
}
