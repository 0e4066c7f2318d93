import { describe, expect, it } from 'vitest';
import type { SessionSettings } from './index';
import { sessionSettingsProblem } from './index';

describe('sessionSettingsProblem', () => {
  it('[SET-2] accepts the built-in settings with valid values, and fields other plugins add', () => {
    const patch = { model: 'openai/gpt-4o', deepThinking: true, maxToolIterations: 0, historyLimit: 20 };
    expect(sessionSettingsProblem(patch)).toBeUndefined();
    expect(sessionSettingsProblem({})).toBeUndefined();
    expect(sessionSettingsProblem({ persona: 'x' } as Partial<SessionSettings>)).toBeUndefined();
  });

  it('[SET-2] names the field of a refused patch', () => {
    expect(sessionSettingsProblem({ model: '  ' })).toBe('model must be a non-empty model reference');
    expect(sessionSettingsProblem({ deepThinking: 'yes' as unknown as boolean })).toBe(
      'deepThinking must be true or false',
    );
    expect(sessionSettingsProblem({ maxToolIterations: 1.5 })).toBe(
      'maxToolIterations must be a whole number >= 0',
    );
    expect(sessionSettingsProblem({ historyLimit: -1 })).toBe('historyLimit must be a whole number >= 0');
    expect(sessionSettingsProblem(null as unknown as Partial<SessionSettings>)).toBe(
      'the patch must be an object',
    );
    expect(sessionSettingsProblem([] as unknown as Partial<SessionSettings>)).toBe(
      'the patch must be an object',
    );
  });
});
