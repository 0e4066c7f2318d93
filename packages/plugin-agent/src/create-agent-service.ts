import type { AgentService, PreprocessorFn, TokenRequestEvent, TurnInput } from '@aalis/api-agent';
import type { ModelRef } from '@aalis/api-llm';
import { createTurnPersistence } from '@aalis/archive-adapter';
import { createPromptAssembler } from '@aalis/prompt-assembler';
import type { MessageActor } from '@aalis/schema-message';
import { createTokenCounter } from '@aalis/token-budget';
import { createTurnScheduler, type TurnSchedulerStats } from '@aalis/turn-scheduler';
import { resolveAgentConfig } from './agent-config';
import type { AgentContext } from './agent-context';
import type { AgentDependencies } from './agent-dependencies';
import { consoleAgentLogger } from './agent-logger';
import { createAgentToolLoop } from './agent-tool-loop';
import { answerTokenRequest } from './answer-token-request';
import { ArrivalRegistry, type ArrivalStage } from './arrival-registry';
import { assignModel } from './assign-model';
import { createCutTurnRecovery } from './cut-turn-recovery';
import { type AgentDrainReport, drainAgent } from './drain-agent';
import { handleMessage } from './handle-message';
import { createPreprocessorRegistry } from './preprocessor-registry';
import { createPromptBlocks } from './prompt-blocks';
import { releaseInputs } from './release-inputs';
import { runTurn } from './run-turn';

/**
 * The default agent as a plain object: the `AgentService` of the contract, with
 * preprocessor support, plus what its plugin wires to the host (the `session:deleted`
 * listener, `token:request`, drain).
 */
export interface DefaultAgentService extends AgentService {
  registerPreprocessor(name: string, handler: PreprocessorFn): () => void;
  /**
   * The `session:deleted` listener: stops the turn, releases the queue, resolves once the turn
   * ended ([DEL-1]). Given the event's `generation` (the one deleted), only inputs that began in
   * it are dropped from per-input processing: later ones belong to the session that starts under
   * the same id ([DEL-2]).
   */
  sessionDeleted(sessionId: string, generation?: number): Promise<void>;
  /** Answers `token:request` with one snapshot per session ([USG-8], [TID-4]). */
  answerTokenRequest(event: TokenRequestEvent): Promise<void>;
  /**
   * Shutdown: stops every turn, releases every input, resolves when every call settled
   * ([DRN-1]) or when `drainDeadlineMs` passed, settling what still hangs and logging each
   * abandoned piece by name ([LIV-2]).
   */
  drain(): Promise<AgentDrainReport>;
  /** Counters for leak checks: sessions with state, unsettled inputs, holds. */
  stats(): TurnSchedulerStats;
}

/** Stops that release inputs drop those still in per-input processing too ([LIV-1]). */
const RELEASING: readonly ArrivalStage[] = ['processing', 'after'];
/** A plain abort lets go only of calls whose input already settled ([ABT-4]). */
const SETTLED: readonly ArrivalStage[] = ['after'];

/**
 * Creates the default agent over its collaborators. Use `agentPlugin` inside an app; use
 * this directly to run the agent on plain service objects.
 */
export function createAgentService(deps: AgentDependencies): DefaultAgentService {
  const config = resolveAgentConfig(deps.config, consoleAgentLogger);
  const counter = createTokenCounter();
  const assembler =
    deps.contributions === undefined
      ? undefined
      : createPromptAssembler({
          contributions: deps.contributions,
          counter,
          logger: config.logger,
          defaultTimeoutMs: config.contributionTimeoutMs,
        });
  const createPersistence = () => {
    const { archive, memory } = deps;
    return createTurnPersistence({
      ...(archive === undefined ? {} : { archive }),
      ...(memory === undefined ? {} : { memory }),
    });
  };
  const blocks = createPromptBlocks({ systemPrompt: config.systemPrompt, assembler, counter });
  const context: AgentContext = {
    deps,
    config,
    counter,
    createPersistence,
    recovery: createCutTurnRecovery({
      createPersistence,
      isRunning: (sessionId, turnId) => context.scheduler.runningTurn(sessionId)?.turnId === turnId,
      createCallId: config.createCallId,
      logger: config.logger,
    }),
    assembler: blocks,
    toolLoop: createAgentToolLoop({ deps, config, counter, assembler: blocks }),
    seenSessions: new Set(),
    arrivals: new ArrivalRegistry({ graceMs: config.stopGraceMs }),
    scheduler: createTurnScheduler<TurnInput, MessageActor>({
      sessionOf: (input) => input.message.sessionId,
      isInjection: (input) => input.message.source !== undefined,
      runTurn: (turn) => runTurn(context, turn),
      // Read at each use: a session manager may appear after the agent (then generations start at 0).
      generationOf: (sessionId: string) => deps.sessions?.generationOf(sessionId) ?? 0,
      onRelease: (released) => releaseInputs(context, released),
      onQueue: ({ sessionId, waiting }) => {
        deps.events
          .emit('agent:queue', { sessionId, waiting: waiting.map((input) => input.message) })
          .catch((error: unknown) => config.logger.warn('agent:queue listener failed', { error }));
      },
      onError: (error) => config.logger.error('turn scheduling survived a failure', { error }),
      createTurnId: config.createTurnId,
      ...(config.maxRunningTurns === 0 ? {} : { maxRunningTurns: config.maxRunningTurns }),
    }),
  };
  const preprocessors = createPreprocessorRegistry(deps.hooks);
  return {
    handleMessage: (message) => handleMessage(context, message),
    abort: (sessionId, options) => {
      const stopped = context.scheduler.abort(sessionId, options);
      // A turn id that is not the running turn's stops nothing at all, arrivals included ([ABT-2]).
      if (options?.turnId !== undefined && !stopped) return false;
      context.arrivals.stop([sessionId], options?.queued === true ? RELEASING : SETTLED);
      return stopped;
    },
    clearing: (sessionIds, clear, reason) => {
      context.arrivals.stop(sessionIds, RELEASING);
      return context.scheduler.clearing(sessionIds, clear, reason === undefined ? undefined : { reason });
    },
    assignModel: (sessionId: string, model: ModelRef) => assignModel(context, sessionId, model),
    registerPreprocessor: (name, handler) => preprocessors.register(name, handler),
    sessionDeleted: async (sessionId, generation) => {
      context.seenSessions.delete(sessionId);
      context.recovery.forget(sessionId);
      context.arrivals.stop([sessionId], RELEASING, generation === undefined ? undefined : { generation });
      await context.scheduler.deleteSession(sessionId);
    },
    answerTokenRequest: (event) => answerTokenRequest(context, event),
    drain: async () => {
      const report = await drainAgent(context);
      preprocessors.clear();
      return report;
    },
    stats: () => context.scheduler.stats(),
  };
}
