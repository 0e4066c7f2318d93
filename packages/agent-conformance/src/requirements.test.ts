import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import {
  CAPABILITY_KEYS,
  contractDigest,
  findRequirement,
  REQUIREMENT_FAMILIES,
  REQUIREMENTS,
} from './catalog/index';

/** The catalog as the spec states it: `../../../shared/spec/REQUIREMENTS.md` from the package directory. */
const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const specPath = resolve(packageDirectory, '../../../shared/spec/REQUIREMENTS.md');

interface SpecEntry {
  id: string;
  family: string;
  marker: 'decided' | 'reference' | 'beyond' | undefined;
  text: string;
}

function parseSpec(markdown: string): SpecEntry[] {
  const entries: SpecEntry[] = [];
  let family = '';
  let beyondFamily = false;
  let current: { id: string; family: string; raw: string } | undefined;
  const flush = () => {
    if (current === undefined) return;
    const text = current.raw.replace(/\s+/g, ' ').trim();
    const marked = /^\[(decided|reference)\] /.exec(text);
    const marker =
      marked === null ? (beyondFamily ? 'beyond' : undefined) : (marked[1] as 'decided' | 'reference');
    entries.push({
      id: current.id,
      family: current.family,
      marker,
      text: text.slice(marked?.[0].length ?? 0),
    });
    current = undefined;
  };
  for (const line of markdown.split('\n')) {
    const heading = /^## ([A-Z]+) — (.*)$/.exec(line);
    const item = /^- \*\*([A-Z]+-\d+)\*\* (.*)$/.exec(line);
    if (heading !== null) {
      flush();
      family = heading[1]!;
      beyondFamily = heading[2]!.includes('[beyond]');
    } else if (item !== null) {
      flush();
      current = { id: item[1]!, family, raw: item[2]! };
    } else if (current !== undefined && /^\s+\S/.test(line)) current.raw += ` ${line.trim()}`;
    else flush();
  }
  flush();
  return entries;
}

// The catalog's source lives beside the repository (shared/spec); a checkout without it skips this comparison.
describe.skipIf(!existsSync(specPath))(
  'the embedded requirement catalog, against shared/spec/REQUIREMENTS.md',
  () => {
    // vitest collects a skipped describe's body too: read the spec only where it exists.
    const spec = existsSync(specPath) ? parseSpec(readFileSync(specPath, 'utf8')) : [];

    test('has exactly the ids of REQUIREMENTS.md, in order, with their families', () => {
      expect(spec.length).toBeGreaterThan(0);
      expect(REQUIREMENTS.map((requirement) => [requirement.id, requirement.family])).toEqual(
        spec.map((entry) => [entry.id, entry.family]),
      );
    });

    test('has the text of each requirement word for word, on one line', () => {
      for (const entry of spec) expect(findRequirement(entry.id)?.text, entry.id).toBe(entry.text);
    });

    test('marks exactly the [decided] requirements as decided', () => {
      expect(
        REQUIREMENTS.filter((requirement) => requirement.decided).map((requirement) => requirement.id),
      ).toEqual(spec.filter((entry) => entry.marker === 'decided').map((entry) => entry.id));
    });

    test('carries the [decided], [reference] and [beyond] markers of the spec', () => {
      expect(REQUIREMENTS.map((requirement) => [requirement.id, requirement.marker])).toEqual(
        spec.map((entry) => [entry.id, entry.marker]),
      );
    });

    test('lists every family of the spec in catalog order', () => {
      expect(REQUIREMENT_FAMILIES.map((family) => family.id)).toEqual([
        ...new Set(spec.map((entry) => entry.family)),
      ]);
    });

    test('offers preprocessors, each decided, reference and beyond requirement as capabilities', () => {
      const idsMarked = (marker: string) =>
        REQUIREMENTS.filter((requirement) => requirement.marker === marker).map(
          (requirement) => requirement.id,
        );
      // The requirements with a [reference] part inside their text, after the marked ones.
      const partlyReference = spec
        .filter((entry) => entry.marker === undefined && entry.text.includes(' [reference] '))
        .map((entry) => entry.id);
      expect(partlyReference).toEqual(['OUT-2']);
      expect([...CAPABILITY_KEYS]).toEqual([
        'preprocessors',
        ...idsMarked('decided'),
        ...idsMarked('reference'),
        ...partlyReference,
        ...idsMarked('beyond'),
      ]);
    });

    test('carries the [reference] part of a requirement that is only partly the reference implementation’s', () => {
      const parts = spec
        .filter((entry) => entry.text.includes(' [reference] '))
        .map((entry) => [entry.id, entry.text.slice(entry.text.indexOf(' [reference] ') + 13)]);
      expect(
        REQUIREMENTS.filter((requirement) => requirement.referencePart !== undefined).map((requirement) => [
          requirement.id,
          requirement.referencePart,
        ]),
      ).toEqual(parts);
    });

    test('findRequirement returns undefined for an unknown id', () => {
      expect(findRequirement('ABT-99')).toBeUndefined();
    });
  },
);

describe('contractDigest', () => {
  test('is a sha256 over the catalog that changes with any text', () => {
    const digest = contractDigest();
    expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(contractDigest()).toBe(digest);
    const changed = REQUIREMENTS.map((requirement, index) =>
      index === 0 ? { ...requirement, text: `${requirement.text}.` } : requirement,
    );
    expect(contractDigest(changed)).not.toBe(digest);
  });
});
