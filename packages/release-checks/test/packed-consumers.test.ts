/**
 * The published packages as a third party gets them: every public package packed with `npm pack`
 * (from its built `dist`: run `npm run build` first, as `npm test` does), installed from the
 * tarballs into a project outside the workspace with `npm ci --offline` (no workspace link; the
 * third-party packages come from the npm cache, at the workspace's versions), and used there:
 * token-budget's README examples from ESM and from CommonJS, the kit on the repository's
 * example agent written from the contract (`examples/minimal-agent`: vitest 4, vitest 5 in a
 * second project, node:test, the command line), and
 * a TypeScript consumer under node16, nodenext and bundler resolution.
 */
import { cp, lstat, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceReport } from '@aalis/agent-conformance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  caseStatuses,
  countedStatuses,
  runWithCommandLine,
  runWithNodeTest,
  runWithVitest,
  verifyReport,
  writeVitestConfig,
} from './support/conformance-runs';
import type { Lockfile } from './support/consumer-lockfile';
import { installConsumer } from './support/consumer-project';
import { type PackedPackage, packPublicPackages } from './support/pack-packages';
import { readmePrograms } from './support/readme-examples';
import { cleanEnvironment, runCommand, runOrThrow } from './support/run-command';
import { typeCheckConfigurations } from './support/type-check-configurations';
import { publicPackages, readJson, unbuiltPackages, workspaceRoot } from './support/workspace';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
/** Time limits on a busy 2-CPU machine: a command, a TypeScript check, an install and a run. */
const COMMAND_MS = 60_000;
const TYPE_CHECK_MS = 120_000;
const INSTALL_AND_RUN_MS = 150_000;
const env = cleanEnvironment();
const reports = new Map<string, ConformanceReport>();

let root = '';
let consumer = '';
let packed: PackedPackage[] = [];
let workspaceLock: Lockfile;

/** The compiler options of the minimal agent: an ES module project under nodenext. */
const agentTsconfig = {
  compilerOptions: {
    target: 'ES2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    outDir: 'dist',
    rootDir: 'src',
    types: ['node'],
  },
  include: ['src'],
};

beforeAll(async () => {
  const unbuilt = unbuiltPackages(publicPackages());
  if (unbuilt.length > 0) throw new Error(`build the packages first (npm run build): ${unbuilt.join(', ')}`);
  root = await mkdtemp(join(tmpdir(), 'aalis-release-checks-'));
  packed = await packPublicPackages(root);
  workspaceLock = readJson<Lockfile>(join(workspaceRoot, 'package-lock.json'));
  consumer = join(root, 'consumer');
  const install = await installConsumer({
    directory: consumer,
    packsFrom: root,
    packed,
    direct: packed.map(({ name }) => name),
    extras: ['vitest', 'vite', 'typescript', '@types/node'],
    workspaceLock,
  });
  if (install.code !== 0) throw new Error(`npm ci --offline failed:\n${install.stdout}\n${install.stderr}`);
  await cp(join(fixtures, 'consumer'), consumer, { recursive: true });
  // The agent is the repository's example, as a third party would copy it into their project.
  await cp(join(workspaceRoot, 'examples', 'minimal-agent', 'src'), join(consumer, 'src', 'minimal-agent'), {
    recursive: true,
  });
  await writeFile(join(consumer, 'tsconfig.json'), JSON.stringify(agentTsconfig));
  await runOrThrow(join(consumer, 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], {
    cwd: consumer,
    env,
  });
  await writeVitestConfig(consumer);
}, 240_000);

afterAll(async () => {
  if (root !== '') await rm(root, { recursive: true, force: true });
});

describe('the public packages, packed and installed outside the workspace', () => {
  it(
    'installs every public package from its tarball, offline, as a directory (no workspace link)',
    async () => {
      const installed = await readdir(join(consumer, 'node_modules', '@aalis'));
      expect(installed.sort()).toEqual(packed.map(({ name }) => name.replace('@aalis/', '')).sort());
      for (const name of installed) {
        expect((await lstat(join(consumer, 'node_modules', '@aalis', name))).isSymbolicLink()).toBe(false);
      }
    },
    COMMAND_MS,
  );

  describe("token-budget's README examples, every stated figure checked", () => {
    const readme = join(workspaceRoot, 'packages', 'token-budget', 'README.md');

    it.each(['esm', 'commonjs'] as const)(
      'run as %s',
      async (format) => {
        const programs = readmePrograms(await readFile(readme, 'utf8'), '@aalis/token-budget');
        const file = format === 'esm' ? 'readme-examples.mjs' : 'readme-examples.cjs';
        await writeFile(join(consumer, file), programs[format]);
        const run = await runCommand(process.execPath, [file], { cwd: consumer, env });
        expect(run.stderr).toBe('');
        expect(run.code).toBe(0);
        expect(JSON.parse(run.stdout)).toEqual({ checks: programs.checks });
        expect(programs.checks).toBeGreaterThanOrEqual(15);
      },
      COMMAND_MS,
    );
  });

  it.concurrent.each(typeCheckConfigurations)(
    'type-checks $files under module $module, moduleResolution $moduleResolution',
    async (configuration) => {
      const name = `tsconfig.types-${configuration.module}-${configuration.moduleResolution}.json`;
      await writeFile(join(consumer, name), JSON.stringify(configuration.tsconfig));
      const check = await runCommand(join(consumer, 'node_modules', '.bin', 'tsc'), ['-p', name], {
        cwd: consumer,
        env,
      });
      expect(check.stdout + check.stderr).toBe('');
      expect(check.code).toBe(0);
    },
    TYPE_CHECK_MS,
  );
});

describe('the conformance kit on a minimal agent written from the contract', () => {
  it(
    'runs through its vitest entry with vitest 4',
    async () => {
      const run = await runWithVitest(consumer, env, 'vitest-4-report.json');
      expect(run.result.code, run.result.stdout + run.result.stderr).toBe(0);
      expect(run.result.stdout).toMatch(/Test Files\s+1 passed/);
      reports.set('vitest 4', run.report);
    },
    COMMAND_MS,
  );

  it(
    'runs through its vitest entry with vitest 5, in a second project',
    async (context) => {
      const project = join(root, 'vitest-5');
      const overlay = readJson<Lockfile>(join(fixtures, 'vitest-5', 'package-lock.json'));
      const install = await installConsumer({
        directory: project,
        packsFrom: root,
        packed,
        direct: ['@aalis/agent-conformance'],
        extras: [],
        workspaceLock,
        overlay,
      });
      if (install.code !== 0 && /ENOTCACHED/.test(install.stderr)) {
        context.skip(
          'vitest 5 is not in the npm cache: npm run prime -w @aalis/release-checks (or npm install) fetches it',
        );
      }
      expect(install.code, install.stderr).toBe(0);
      await cp(join(consumer, 'dist'), join(project, 'dist'), { recursive: true });
      await writeVitestConfig(project);
      const run = await runWithVitest(project, env, 'vitest-5-report.json');
      expect(run.result.code, run.result.stdout + run.result.stderr).toBe(0);
      expect(run.result.stdout).toMatch(/Test Files\s+1 passed/);
      const version = await runOrThrow(join(project, 'node_modules', '.bin', 'vitest'), ['--version'], {
        cwd: project,
        env,
      });
      expect(version.stdout).toMatch(/^vitest\/5\./);
      reports.set('vitest 5', run.report);
    },
    INSTALL_AND_RUN_MS,
  );

  it(
    'runs through its node:test entry',
    async () => {
      const run = await runWithNodeTest(consumer, env);
      expect(run.result.code, run.result.stdout + run.result.stderr).toBe(0);
      expect(run.result.stdout).toMatch(/# fail 0/);
      reports.set('node:test', run.report);
    },
    COMMAND_MS,
  );

  it(
    'runs through its command line and writes a report that verify accepts',
    async () => {
      const run = await runWithCommandLine(consumer, env);
      expect(run.result.code).toBe(run.report.verdict === 'pass' ? 0 : 1);
      expect(await readFile(join(consumer, 'cli-report.md'), 'utf8')).toContain('minimal-agent');
      const verified = await verifyReport(consumer, env, 'cli-report.json');
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
      reports.set('command line', run.report);
    },
    COMMAND_MS,
  );

  it(
    'gives consistent reports: every case passed or not applicable, alike in every runner',
    async () => {
      expect(reports.size).toBeGreaterThanOrEqual(3);
      const [first, ...others] = [...reports.values()];
      for (const report of reports.values()) {
        expect(report.summary.cases).toMatchObject(countedStatuses(report));
        expect(Object.keys(countedStatuses(report)).sort()).toEqual(['not-applicable', 'passed']);
        expect(report.verdict).toBe('pass');
        expect(report.staleWaivers).toEqual([]);
        expect(report.implementation.name).toBe('minimal-agent');
      }
      for (const report of others) expect(caseStatuses(report)).toEqual(caseStatuses(first!));
      for (const [runner, report] of reports) {
        if (runner === 'command line') continue;
        const file = join(root, `verify-${runner.replace(/\W+/g, '-')}.json`);
        await writeFile(file, JSON.stringify(report));
        const verified = await verifyReport(consumer, env, file);
        expect(verified.code, `${runner}: ${verified.stdout}${verified.stderr}`).toBe(0);
      }
    },
    COMMAND_MS,
  );
});
