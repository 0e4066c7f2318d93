import type { ModelRef } from '@aalis/api-llm';
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
  /** Receives the turn-end line of every turn and isolated failures. Default: the console. */
  readonly logger?: AgentLogger;
  /** Makes turn ids; they must be unique ([TID-1]). Default `crypto.randomUUID`. */
  readonly createTurnId?: () => string;
  /** Makes tool call ids; they must be unique ([TID-3]). Default `crypto.randomUUID`. */
  readonly createCallId?: () => string;
}

/** {@link AgentConfig} with every default filled in. */
export interface ResolvedAgentConfig
  extends Required<Omit<AgentConfig, 'model' | 'systemPrompt' | 'createTurnId' | 'createCallId'>> {
  readonly model: ModelRef | undefined;
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
    logger: config.logger ?? fallbackLogger,
    createTurnId: config.createTurnId ?? (() => crypto.randomUUID()),
    createCallId: config.createCallId ?? (() => crypto.randomUUID()),
  };
  for (const key of [
    'maxToolIterations',
    'historyLimit',
    'maxToolResultChars',
    'maxFormatRetries',
  ] as const) {
    assertWholeNumber(key, resolved[key], 0);
  }
  assertWholeNumber('toolConcurrency', resolved.toolConcurrency, 1);
  assertWholeNumber('contributionTimeoutMs', resolved.contributionTimeoutMs, 1);
  return resolved;
}

function assertWholeNumber(key: string, value: number, minimum: number): void {
  if (!Number.isInteger(value) || value < minimum) {
    throw new TypeError(`agent config ${key} must be a whole number >= ${minimum}, got ${String(value)}`);
  }
}
