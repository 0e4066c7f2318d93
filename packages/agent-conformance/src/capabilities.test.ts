import { describe, expect, test } from 'vitest';
import { ALL_CAPABILITIES } from '../test/capability-sets';
import { CAPABILITY_DESCRIPTIONS, CAPABILITY_KEYS, validateCapabilities } from './catalog/index';
import { CapabilitiesError } from './index';

describe('validateCapabilities', () => {
  test('accepts exactly the capability keys with boolean values and returns a frozen copy', () => {
    const validated = validateCapabilities({ ...ALL_CAPABILITIES });
    expect(validated).toEqual(ALL_CAPABILITIES);
    expect(Object.isFrozen(validated)).toBe(true);
  });

  test('rejects unknown, missing and non-boolean keys with one typed error naming them', () => {
    const { 'CLR-7': _dropped, ...missing } = ALL_CAPABILITIES;
    const error = (() => {
      try {
        validateCapabilities({ ...missing, 'SVC-3': 'yes', preprocesors: true });
      } catch (caught) {
        return caught;
      }
    })();
    expect(CapabilitiesError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'INVALID_CAPABILITIES',
      unknown: ['preprocesors'],
      missing: ['CLR-7'],
      notBoolean: ['SVC-3'],
    });
  });

  test('rejects a value that is not an object with a TypeError', () => {
    expect(() => validateCapabilities(undefined)).toThrow(TypeError);
    expect(() => validateCapabilities([])).toThrow(TypeError);
  });

  test('describes every capability', () => {
    expect(Object.keys(CAPABILITY_DESCRIPTIONS)).toEqual([...CAPABILITY_KEYS]);
  });
});
