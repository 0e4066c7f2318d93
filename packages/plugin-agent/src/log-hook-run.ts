import type { HookRunOutcome } from '@aalis/api-hooks';
import type { AgentContext } from './agent-context';

/** What {@link logHookRun} reports on. */
export interface HookRunReport {
  readonly hook: string;
  readonly outcome: HookRunOutcome<unknown>;
  readonly sessionId: string;
  readonly turnId?: string;
}

/**
 * Logs what a hook run isolated: each middleware failure, and the middlewares abandoned
 * because they still hung after the stop's grace time, by name ([LIV-1]).
 */
export function logHookRun(context: AgentContext, report: HookRunReport): void {
  const { hook, outcome, sessionId, turnId } = report;
  const where = turnId === undefined ? { sessionId } : { sessionId, turnId };
  for (const error of outcome.errors)
    context.config.logger.warn(`${hook} middleware failed`, { ...where, error });
  const abandoned = outcome.abandoned;
  if (abandoned !== undefined && abandoned.length > 0) {
    context.config.logger.warn(`${hook} middleware abandoned after the stop: ${abandoned.join(', ')}`, {
      ...where,
      middlewares: abandoned,
    });
  }
}
