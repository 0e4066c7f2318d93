import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { caughtRequirements, testNamePattern, type VitestJsonReport } from './caught-requirements';
import { type PluginAgentNearMiss, readNearMisses } from './read-near-misses';

/**
 * `npm run near-misses -w @aalis/conformance-proof [-- name …]`: applies each near miss of
 * plugin-agent to a copy of the repository, runs its suite (the kit against plugin-agent,
 * unless the header names another) on the tests titled with the requirements it breaks, and
 * reports whether each was caught under every one of them. Exits 1 when a near miss escaped
 * or no longer applies, or when a suite fails on the unmodified sources (then every near miss
 * would look caught). The working tree is never touched: the copy is made once, in the
 * system's temporary folder, and removed at the end. About 10 s per near miss.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const wanted = new Set(process.argv.slice(2));
const nearMisses = readNearMisses().filter((nearMiss) => wanted.size === 0 || wanted.has(nearMiss.name));

const copy = mkdtempSync(join(tmpdir(), 'aalis-near-misses-'));
try {
  execFileSync('bash', ['-c', `tar -C "${root}" --exclude=./.git -cf - . | tar -C "${copy}" -xf -`]);
  assertBaselinePasses();
  const failures = nearMisses.filter((nearMiss) => !check(nearMiss));
  console.log(
    `${nearMisses.length - failures.length} of ${nearMisses.length} near misses caught under their rule`,
  );
  process.exitCode = failures.length === 0 ? 0 : 1;
} finally {
  rmSync(copy, { recursive: true, force: true });
}

function check(nearMiss: PluginAgentNearMiss): boolean {
  const apply = (...extra: string[]) =>
    spawnSync('git', ['apply', ...extra, nearMiss.file], { cwd: copy, encoding: 'utf8' });
  const applied = apply();
  if (applied.status !== 0) {
    console.log(`does not apply  ${nearMiss.name}: ${applied.stderr.trim()}`);
    return false;
  }
  try {
    const caught = caughtRequirements(runSuite(nearMiss), nearMiss.breaks);
    const missed = nearMiss.breaks.filter((id) => !caught.includes(id));
    console.log(
      `${missed.length === 0 ? 'caught' : 'ESCAPED'}  ${nearMiss.name} [${nearMiss.breaks.join(' ')}]`,
    );
    return missed.length === 0;
  } finally {
    apply('-R');
  }
}

function assertBaselinePasses(): void {
  for (const suite of new Set(nearMisses.map((nearMiss) => nearMiss.suite))) {
    const report = vitest(suite, []);
    const tests = report.testResults.flatMap((file) => file.assertionResults);
    const failed = tests.filter((test) => test.status === 'failed').map((test) => test.fullName);
    if (tests.length === 0 || failed.length > 0)
      throw new Error(
        `${suite} does not pass on the unmodified sources: ${failed.join('; ') || 'no tests ran'}`,
      );
  }
}

function runSuite(nearMiss: PluginAgentNearMiss): VitestJsonReport {
  return vitest(nearMiss.suite, ['-t', testNamePattern(nearMiss.breaks)]);
}

function vitest(suite: string, filter: readonly string[]): VitestJsonReport {
  const output = join(copy, 'near-miss-report.json');
  rmSync(output, { force: true });
  spawnSync('npx', ['vitest', 'run', suite, ...filter, '--reporter=json', `--outputFile=${output}`], {
    cwd: copy,
    encoding: 'utf8',
  });
  try {
    return JSON.parse(readFileSync(output, 'utf8')) as VitestJsonReport;
  } catch {
    return { testResults: [] };
  }
}
