import { describe, expect, it } from 'vitest';
import { BudgetPlanError, planTokenBudget, TokenBudgetError } from './index';

describe('planTokenBudget', () => {
  it('reserves maxOutput for the reply and gives the rest to the prompt', () => {
    expect(planTokenBudget({ contextWindow: 128_000, maxOutput: 16_384, fixedTokens: 3_000 })).toEqual({
      contextWindow: 128_000,
      reservedForReply: 16_384,
      tokenBudget: 111_616,
      fixedTokens: 3_000,
      historyAllowance: 108_616,
    });
  });

  it('reserves at most a quarter of the window by default', () => {
    expect(planTokenBudget({ contextWindow: 400_000, maxOutput: 128_000 }).reservedForReply).toBe(100_000);
    expect(planTokenBudget({ contextWindow: 8_192 }).reservedForReply).toBe(2_048);
  });

  it("uses the caller's reply reserve and ceilings", () => {
    const plan = planTokenBudget({
      contextWindow: 128_000,
      maxOutput: 16_384,
      reserveForReply: 4_000,
      maxTokenBudget: 60_000,
      fixedTokens: 10_000,
      maxHistoryTokens: 30_000,
    });
    expect(plan).toMatchObject({ reservedForReply: 4_000, tokenBudget: 60_000, historyAllowance: 30_000 });
  });

  it('never gives the history a negative allowance', () => {
    expect(
      planTokenBudget({ contextWindow: 1_000, reserveForReply: 200, fixedTokens: 5_000 }).historyAllowance,
    ).toBe(0);
  });

  it('throws BudgetPlanError when the reply reserve fills the window', () => {
    const attempt = () => planTokenBudget({ contextWindow: 4_096, reserveForReply: 4_096 });
    expect(attempt).toThrow(BudgetPlanError);
    try {
      attempt();
    } catch (error) {
      expect(TokenBudgetError.isInstance(error) && error.code).toBe('TOKEN_BUDGET_NO_ROOM');
    }
  });

  it('rejects figures that are not non-negative integers with a TypeError', () => {
    expect(() => planTokenBudget({ contextWindow: 0 })).toThrow(TypeError);
    expect(() => planTokenBudget({ contextWindow: Number.NaN })).toThrow(TypeError);
    expect(() => planTokenBudget({ contextWindow: 1_000, fixedTokens: -1 })).toThrow(TypeError);
  });
});
