import { describe, expect, test } from 'vitest';
import type { CapabilityKey } from '../capabilities';
import { CAPABILITY_KEYS, findRequirement, REQUIREMENTS } from '../catalog/index';
import { CASES, defineCase } from './index';

describe('the case list', () => {
  test('gives every requirement id of the catalog at least one case', () => {
    const covered = new Set(CASES.flatMap((testCase) => testCase.requirements));
    const uncovered = REQUIREMENTS.map((requirement) => requirement.id).filter((id) => !covered.has(id));
    expect(uncovered).toEqual([]);
  });

  test('names only requirement ids the catalog knows', () => {
    const known = new Set(REQUIREMENTS.map((requirement) => requirement.id));
    const unknown = CASES.flatMap((testCase) => testCase.requirements).filter((id) => !known.has(id));
    expect(unknown).toEqual([]);
  });

  test('has unique case ids and titles that start with the requirement ids in brackets', () => {
    expect(new Set(CASES.map((testCase) => testCase.id)).size).toBe(CASES.length);
    for (const testCase of CASES) {
      const prefix = testCase.requirements.map((id) => `[${id}]`).join(' ');
      expect(testCase.title.startsWith(`${prefix} `), testCase.title).toBe(true);
    }
  });

  test('requires a capability only for the marked requirements it names, a reference part and preprocessors', () => {
    const keys = new Set<string>(CAPABILITY_KEYS);
    for (const testCase of CASES) {
      for (const key of testCase.requires) {
        expect(keys.has(key)).toBe(true);
        if (key !== 'preprocessors') expect(testCase.requirements, testCase.id).toContain(key);
      }
      // A marked requirement is a capability as a whole: every case naming it requires it.
      for (const id of testCase.requirements)
        if (findRequirement(id)?.marker !== undefined) expect(testCase.requires, testCase.id).toContain(id);
    }
    const preprocessorCases = CASES.filter((testCase) => testCase.requires.includes('preprocessors'));
    expect(new Set(preprocessorCases.flatMap((testCase) => testCase.requirements))).toEqual(
      new Set(['BND-1', 'BND-2', 'PRE-1']),
    );
  });

  test('checks the contract part of a requirement with a [reference] part without its capability', () => {
    const partly = REQUIREMENTS.filter((requirement) => requirement.referencePart !== undefined);
    expect(partly.map((requirement) => requirement.id)).toEqual(['OUT-2']);
    for (const requirement of partly) {
      const naming = CASES.filter((testCase) => testCase.requirements.includes(requirement.id));
      const gated = naming.filter((testCase) => testCase.requires.includes(requirement.id as CapabilityKey));
      expect(gated.length, requirement.id).toBeGreaterThan(0);
      expect(naming.length - gated.length, requirement.id).toBeGreaterThan(0);
    }
  });

  test('keeps each case in the file of its first requirement family', () => {
    const order = REQUIREMENTS.map((requirement) => requirement.family);
    const families = CASES.map((testCase) => testCase.requirements[0]!.split('-')[0]!);
    const positions = families.map((family) => order.indexOf(family as (typeof order)[number]));
    expect(positions).toEqual([...positions].sort((left, right) => left - right));
  });
});

describe('defineCase', () => {
  test('derives id, title and the capabilities of the marked requirements it names', () => {
    const testCase = defineCase({
      requirements: ['CLR-6', 'CLR-1'],
      name: 'A throwing Clear!',
      run: async () => undefined,
    });
    expect(testCase.id).toBe('clr-6-a-throwing-clear');
    expect(testCase.title).toBe('[CLR-6] [CLR-1] A throwing Clear!');
    expect(testCase.requires).toEqual(['CLR-6']);
  });

  test('rejects a case that names no requirement', () => {
    expect(() => defineCase({ requirements: [], name: 'nothing', run: async () => undefined })).toThrow(
      TypeError,
    );
  });
});
