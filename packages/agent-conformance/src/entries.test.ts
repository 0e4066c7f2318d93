import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import * as root from './index';

const packageDirectory = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${packageDirectory}package.json`, 'utf8')) as {
  readonly exports: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
};

describe('the entries', () => {
  test('the root entry holds only what runs the kit: runConformance, describeConformance and the errors they throw (and types)', () => {
    expect(Object.keys(root).sort()).toEqual([
      'CapabilitiesError',
      'ConformanceError',
      'ExpectedFailuresError',
      'SelectionError',
      'describeConformance',
      'runConformance',
    ]);
  });

  test('every subpath resolves to a source entry that tsup builds, in the order source, types, default', () => {
    const tsupConfig = readFileSync(`${packageDirectory}tsup.config.ts`, 'utf8');
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (typeof target === 'string') continue;
      expect(Object.keys(target), subpath).toEqual(['@aalis/source', 'types', 'default']);
      const source = target['@aalis/source']!;
      expect(existsSync(`${packageDirectory}${source}`), source).toBe(true);
      expect(tsupConfig, source).toContain(`'${source.slice(2)}'`);
      expect(target.default, subpath).toBe(source.replace('./src/', './dist/').replace(/\.ts$/, '.js'));
    }
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './vitest',
      './node-test',
      './runner',
      './report',
      './harness',
      './cases',
      './catalog',
      './testing',
      './package.json',
    ]);
  });
});
