import { describe, expect, it } from 'vitest';
import {
  HookRunError,
  ModelCallError,
  ModelUnavailableError,
  PersistenceError,
  ToolLoopError,
  ToolServiceError,
  TurnAbortedError,
  TurnFailedError,
} from './index';

describe('errors', () => {
  it('each failure has its stable code, its cause and a message naming what failed', () => {
    const cause = new Error('disk full');
    const errors = [
      [new ModelCallError({ cause }), 'MODEL_CALL_FAILED'],
      [new ToolServiceError({ toolName: 'clock', cause }), 'TOOL_SERVICE_FAILED'],
      [new PersistenceError({ operation: 'persistReply', cause }), 'PERSISTENCE_FAILED'],
      [new HookRunError({ hookName: 'agent:llm:before', cause }), 'HOOK_RUN_FAILED'],
      [new TurnFailedError({ cause }), 'TURN_FAILED'],
      [new TurnAbortedError({ cause }), 'TURN_ABORTED'],
      [new ModelUnavailableError({ cause }), 'MODEL_UNAVAILABLE'],
    ] as const;
    for (const [error, code] of errors) {
      expect(error.code).toBe(code);
      expect(error.cause).toBe(cause);
      expect(ToolLoopError.isInstance(error)).toBe(true);
    }
    expect(new PersistenceError({ operation: 'persistReply', cause }).message).toBe(
      'persistReply failed: disk full',
    );
  });

  it('isInstance recognises errors of another installed copy by brand and code, and nothing else', () => {
    const foreign = Object.assign(new Error('copy'), { code: 'MODEL_CALL_FAILED' });
    Object.defineProperty(foreign, Symbol.for('@aalis/tool-loop/error'), { value: true });
    expect(ModelCallError.isInstance(foreign)).toBe(true);
    expect(PersistenceError.isInstance(foreign)).toBe(false);
    expect(ToolLoopError.isInstance(Object.assign(new Error('plain'), { code: 'MODEL_CALL_FAILED' }))).toBe(
      false,
    );
    expect(ToolLoopError.isInstance(undefined)).toBe(false);
  });
});
