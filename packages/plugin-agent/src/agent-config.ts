import type { ModelRef } from '@aalis/api-llm';
import type { SelfIdentity } from '@aalis/schema-message';
import type { AgentLogger } from './agent-logger';

/**
 * Configuration of the default agent. Every field has a default; the four session settings
 * (`model`, `deepThinking`, `maxToolIterations`, `historyLimit`) are defaults that a
 * session's own settings override ([SET-2]).
 */
export interface AgentConfig {
  /** The conversation model when the session names none; without it, the model service's default. */
  readonly model?: ModelRef;
  /** Deep thinking, when the session does not say. Default `false`. */
  readonly deepThinking?: boolean;
  /** Model calls with tools per turn before a last call without tools asks for an answer. Default 8. */
  readonly maxToolIterations?: number;
  /** How many history messages the model sees (`0` = no count limit) ([USG-6]). Default 0. */
  readonly historyLimit?: number;
  /** Tool calls of one response that run at once. Default 4. */
  readonly toolConcurrency?: number;
  /** A tool result longer than this many characters is truncated with a marker. Default 16,000. */
  readonly maxToolResultChars?: number;
  /** Format retries `agent:reply:before` may ask for per reply. Default 2. */
  readonly maxFormatRetries?: number;
  /** The base system prompt, before any `agent:prompt` contribution. */
  readonly systemPrompt?: string;
  /** Time limit of one prompt contribution's `build`, in milliseconds. Default 5,000. */
  readonly contributionTimeoutMs?: number;
  /**
   * Longest input text, in UTF-16 code units (`String.length`), that enters a turn ([LIV-3]).
   * A longer input is not processed: the sender gets a `[系统]` notice and the log an
   * `InputTooLargeError`. Default 65,536: sixteen times the longest message Telegram, QQ or
   * Discord let a person send, and well within every model's context window.
   */
  readonly maxInputChars?: number;
  /**
   * Once a turn or an input was stopped (abort, clearing, deletion, drain), how long the agent
   * still waits for a hook middleware, an event listener or a store write before it abandons
   * it and logs it by name, in milliseconds ([LIV-1]). Default 1,000.
   */
  readonly stopGraceMs?: number;
  /**
   * How long a drain waits for everything to settle before it resolves anyway, settling every
   * pending `handleMessage` and logging each abandoned piece by name, in milliseconds
   * ([LIV-2]). Default 5,000.
   */
  readonly drainDeadlineMs?: number;
  /**
   * Most turns running at once across all sessions ([LIV-4]); `0` for no limit. Turns past it
   * wait, oldest first, as queued turns of their sessions. Default 32: in `npm run bench` it keeps the
   * event-loop lag of 1,000 busy sessions under 100 ms at nearly the throughput of no limit.
   */
  readonly maxRunningTurns?: number;
  /** Receives the turn-end line of every turn and isolated failures. Default: the console. */
  readonly logger?: AgentLogger;
  /**
   * The assistant's own account on each platform, recorded on every final reply of a turn on
   * that platform ([ARC-3]): a map by platform (`{ qq: { userId: '10001', nickname: 'Aalis' } }`)
   * or a function of the platform. Default: none, and nothing is recorded.
   */
  readonly selfIdentity?:
    | Readonly<Record<string, SelfIdentity>>
    | ((platform: string) => SelfIdentity | undefined);
  /** Makes turn ids; they must be unique ([TID-1]). Default `crypto.randomUUID`. */
  readonly createTurnId?: () => string;
  /** Makes tool call ids; they must be unique ([TID-3]). Default `crypto.randomUUID`. */
  readonly createCallId?: () => string;
}

/** {@link AgentConfig} with every default filled in. */
export interface ResolvedAgentConfig
  extends Required<
    Omit<AgentConfig, 'model' | 'systemPrompt' | 'selfIdentity' | 'createTurnId' | 'createCallId'>
  > {
  readonly model: ModelRef | undefined;
  /** The assistant's identity on a platform, or `undefined` when not configured. */
  readonly selfIdentity: (platform: string) => SelfIdentity | undefined;
  readonly systemPrompt: string | undefined;
  readonly createTurnId: () => string;
  readonly createCallId: () => string;
}

/** Fills in the defaults of {@link AgentConfig}; throws a `TypeError` for a nonsensical number. */
export function resolveAgentConfig(
  config: AgentConfig = {},
  fallbackLogger: AgentLogger,
): ResolvedAgentConfig {
  const resolved: ResolvedAgentConfig = {
    model: config.model,
    deepThinking: config.deepThinking ?? false,
    maxToolIterations: config.maxToolIterations ?? 8,
    historyLimit: config.historyLimit ?? 0,
    toolConcurrency: config.toolConcurrency ?? 4,
    maxToolResultChars: config.maxToolResultChars ?? 16_000,
    maxFormatRetries: config.maxFormatRetries ?? 2,
    systemPrompt: config.systemPrompt,
    contributionTimeoutMs: config.contributionTimeoutMs ?? 5_000,
    maxInputChars: config.maxInputChars ?? 65_536,
    stopGraceMs: config.stopGraceMs ?? 1_000,
    drainDeadlineMs: config.drainDeadlineMs ?? 5_000,
    maxRunningTurns: config.maxRunningTurns ?? 32,
    logger: config.logger ?? fallbackLogger,
    selfIdentity: selfIdentityOf(config.selfIdentity),
    createTurnId: config.createTurnId ?? (() => crypto.randomUUID()),
    createCallId: config.createCallId ?? (() => crypto.randomUUID()),
  };
  for (const key of [
    'maxToolIterations',
    'historyLimit',
    'maxToolResultChars',
    'maxFormatRetries',
    'stopGraceMs',
    'drainDeadlineMs',
    'maxRunningTurns',
  ] as const) {
    assertWholeNumber(key, resolved[key], 0);
  }
  assertWholeNumber('toolConcurrency', resolved.toolConcurrency, 1);
  assertWholeNumber('contributionTimeoutMs', resolved.contributionTimeoutMs, 1);
  assertWholeNumber('maxInputChars', resolved.maxInputChars, 1);
  return resolved;
}

function assertWholeNumber(key: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new TypeError(`agent config ${key} must be a whole number >= ${minimum}, got ${String(value)}`);
  }
}

function selfIdentityOf(option: AgentConfig['selfIdentity']): ResolvedAgentConfig['selfIdentity'] {
  if (option === undefined) return () => undefined;
  if (typeof option === 'function') return option;
  if (typeof option !== 'object' || option === null) {
    throw new TypeError('agent config selfIdentity must be a map by platform or a function of the platform');
  }
  return (platform) => (Object.hasOwn(option, platform) ? option[platform] : undefined);
}
