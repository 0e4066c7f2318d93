import { describe, expect, it } from 'vitest';
import { CONTROL_KINDS, isControlKind, isTextRef, WellKnownKinds } from './index';

describe('control kinds', () => {
  it('[USG-5] treat event markers and stop markers as control kinds', () => {
    expect([...CONTROL_KINDS].sort()).toEqual(
      [WellKnownKinds.EventMarker, WellKnownKinds.TurnStopped].sort(),
    );
    expect(isControlKind(WellKnownKinds.EventMarker)).toBe(true);
    expect(isControlKind(WellKnownKinds.TurnStopped)).toBe(true);
  });

  it('[USG-5] count conversation messages and unknown kinds as conversation', () => {
    expect(isControlKind(undefined)).toBe(false);
    expect(isControlKind('acme-note')).toBe(false);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(CONTROL_KINDS)).toBe(true);
  });
});

describe('isTextRef', () => {
  it('tells a text reference from a string', () => {
    expect(isTextRef({ key: 'a.b', fallback: 'B' })).toBe(true);
    expect(isTextRef('plain')).toBe(false);
    expect(isTextRef(null)).toBe(false);
  });
});
