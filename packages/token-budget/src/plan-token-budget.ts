import { BudgetPlanError } from './budget-plan-error';

/** Options of `planTokenBudget`. Every figure is a non-negative integer. */
export interface TokenBudgetPlanOptions {
  /** Total tokens the model accepts (prompt plus reply); positive. */
  readonly contextWindow: number;
  /** The model's largest reply; used for the default reply reserve. */
  readonly maxOutput?: number;
  /**
   * Tokens kept free for the reply (the request's `maxTokens`). Default: `maxOutput`, but at
   * most a quarter of the context window.
   */
  readonly reserveForReply?: number;
  /** A lower ceiling for the prompt than the window leaves (a session setting, say). */
  readonly maxTokenBudget?: number;
  /** Prompt tokens outside the history: system prompt, injections, tool definitions. Default 0. */
  readonly fixedTokens?: number;
  /** A lower ceiling for the history than the budget leaves. */
  readonly maxHistoryTokens?: number;
}

/** How a context window is shared out. */
export interface TokenBudgetPlan {
  /** Total tokens the model accepts. */
  readonly contextWindow: number;
  /** Tokens kept free for the reply (the `reservedForReply` bucket) [USG-7]. */
  readonly reservedForReply: number;
  /** Most tokens the prompt may take: the window minus the reply reserve, or a lower ceiling. */
  readonly tokenBudget: number;
  /** Prompt tokens outside the history, as given. */
  readonly fixedTokens: number;
  /** Most tokens the history may take: what the budget leaves after `fixedTokens`, never below 0. */
  readonly historyAllowance: number;
}

function figure(name: string, value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new TypeError(`planTokenBudget: ${name} must be a non-negative integer`);
  }
  return value;
}

function defaultReserve(contextWindow: number, maxOutput: number | undefined): number {
  const quarter = Math.floor(contextWindow / 4);
  return maxOutput === undefined ? quarter : Math.min(maxOutput, quarter);
}

/**
 * Shares a context window out: the reply reserve, the prompt budget (`tokenBudget`, which the
 * assembled estimate is held against [USG-3]) and the history allowance (which hard trimming
 * holds the history to [USG-9]). Throws `BudgetPlanError` when the reply reserve leaves no room
 * for a prompt, and `TypeError` for a figure that is not a non-negative integer.
 */
export function planTokenBudget(options: TokenBudgetPlanOptions): TokenBudgetPlan {
  const contextWindow = figure('contextWindow', options.contextWindow) ?? 0;
  if (contextWindow === 0) throw new TypeError('planTokenBudget: contextWindow must be positive');
  const maxOutput = figure('maxOutput', options.maxOutput);
  const reservedForReply =
    figure('reserveForReply', options.reserveForReply) ?? defaultReserve(contextWindow, maxOutput);
  if (reservedForReply >= contextWindow) {
    throw new BudgetPlanError(
      `A reply reserve of ${reservedForReply} tokens leaves no room for a prompt in a ${contextWindow}-token window`,
    );
  }
  const ceiling = figure('maxTokenBudget', options.maxTokenBudget) ?? Number.POSITIVE_INFINITY;
  const tokenBudget = Math.min(contextWindow - reservedForReply, ceiling);
  const fixedTokens = figure('fixedTokens', options.fixedTokens) ?? 0;
  const historyCeiling = figure('maxHistoryTokens', options.maxHistoryTokens) ?? Number.POSITIVE_INFINITY;
  const historyAllowance = Math.max(0, Math.min(tokenBudget - fixedTokens, historyCeiling));
  return { contextWindow, reservedForReply, tokenBudget, fixedTokens, historyAllowance };
}
