import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REQUIREMENTS } from '@aalis/agent-conformance/catalog';
import { describe, expect, it } from 'vitest';
import { caughtRequirements, testNamePattern } from '../near-miss-check/caught-requirements';
import { NearMissHeaderError, parseNearMiss, readNearMisses } from '../near-miss-check/read-near-misses';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const nearMisses = readNearMisses();
const known = new Set(REQUIREMENTS.map((requirement) => requirement.id));

describe("plugin-agent's near misses (npm run near-misses runs the kit against each)", () => {
  it('each names known requirements, says what it does and has a suite that exists', () => {
    expect(nearMisses.length).toBeGreaterThanOrEqual(89);
    for (const nearMiss of nearMisses) {
      expect(
        nearMiss.breaks.filter((id) => !known.has(id)),
        nearMiss.name,
      ).toEqual([]);
      expect(nearMiss.what.length, nearMiss.name).toBeGreaterThan(20);
      expect(existsSync(`${root}${nearMiss.suite}`), nearMiss.suite).toBe(true);
    }
  });

  it('each still applies to the sources, so none goes stale unnoticed', () => {
    const stale = nearMisses
      .map((nearMiss) => ({
        name: nearMiss.name,
        check: spawnSync('git', ['apply', '--check', nearMiss.file], { cwd: root, encoding: 'utf8' }),
      }))
      .filter(({ check }) => check.status !== 0)
      .map(({ name, check }) => `${name}: ${check.stderr.trim()}`);
    expect(stale).toEqual([]);
  });

  it('a header without Breaks is refused by name', () => {
    expect(() => parseNearMiss('bad', 'What: something\nRound: 5\n\n--- a/x\n+++ b/x\n')).toThrow(
      NearMissHeaderError,
    );
  });

  it('a near miss is caught only by failed tests titled with each rule it breaks', () => {
    const report = {
      testResults: [
        {
          assertionResults: [
            { status: 'failed', fullName: 'kit [SCH-3] [SCH-2] a leftover insertion keeps its place' },
            { status: 'passed', fullName: 'kit [CLR-1] clearing waits for every session' },
            { status: 'failed', fullName: 'kit [SCH-20] not a catalog id' },
          ],
        },
      ],
    };
    expect(caughtRequirements(report, ['SCH-2', 'CLR-1', 'SCH-20'])).toEqual(['SCH-2', 'SCH-20']);
    expect(caughtRequirements(report, ['CLR-1'])).toEqual([]);
    expect(new RegExp(testNamePattern(['SCH-2', 'CLR-1'])).test('[CLR-1] clearing')).toBe(true);
    expect(new RegExp(testNamePattern(['SCH-2'])).test('[SCH-20] other')).toBe(false);
  });
});
