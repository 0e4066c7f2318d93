import { describe, expect, it } from 'vitest';
import { CoreError, PluginApplyError, ServiceUnavailableError } from './index';

describe('CoreError', () => {
  it('recognizes errors of another installed copy by brand and code', () => {
    const fromOtherCopy = Object.assign(new Error('copy'), { code: 'SERVICE_UNAVAILABLE' });
    Object.defineProperty(fromOtherCopy, Symbol.for('@aalis/core/error'), { value: true });
    expect(CoreError.isInstance(fromOtherCopy)).toBe(true);
    expect(ServiceUnavailableError.isInstance(fromOtherCopy)).toBe(true);
    expect(PluginApplyError.isInstance(fromOtherCopy)).toBe(false);
  });

  it('tells unbranded values apart', () => {
    expect(CoreError.isInstance(new Error('plain'))).toBe(false);
    expect(CoreError.isInstance({ code: 'SERVICE_UNAVAILABLE' })).toBe(false);
    expect(CoreError.isInstance(undefined)).toBe(false);
  });

  it('names the subclass, keeps the cause and the code', () => {
    const cause = new Error('root');
    const error = new PluginApplyError({ instanceId: '@test/x#1', cause });
    expect(error).toMatchObject({ name: 'PluginApplyError', code: 'PLUGIN_APPLY_FAILED', cause });
    expect(error.message).toBe('Plugin "@test/x#1" failed to apply: root');
  });
});
