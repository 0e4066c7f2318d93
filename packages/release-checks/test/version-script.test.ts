/**
 * The root `version` script (`npm run version`: `changeset version`, then the lockfile brought
 * in line) on a copy of the repository's manifests with three changesets: two added in one commit
 * (a minor of core, patches of schema-message and hook-runner), one not committed yet (a patch
 * of token-budget). Offline (`npm_config_offline=true`): the script must not need the network.
 */
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lockfile } from './support/consumer-lockfile';
import { type CommandResult, cleanEnvironment, runCommand, runOrThrow } from './support/run-command';
import { type Manifest, readJson, workspaceRoot } from './support/workspace';

interface PackageFiles {
  readonly directory: string;
  readonly manifest: Manifest;
}

const changesets: Record<string, string> = {
  'core-and-schema.md':
    "---\n'@aalis/core': minor\n'@aalis/schema-message': patch\n---\n\nA change in core and schema-message.\n",
  'hook-runner-fix.md': "---\n'@aalis/hook-runner': patch\n---\n\nA fix in hook-runner.\n",
  'token-budget-fix.md':
    "---\n'@aalis/token-budget': patch\n---\n\nA fix in token-budget, not committed yet.\n",
};

let copy = '';
let version: CommandResult;
let packages: PackageFiles[] = [];

/** The workspace's tools on the path and in node's module path; the copy has no node_modules. */
const env = cleanEnvironment({
  npm_config_offline: 'true',
  PATH: `${join(workspaceRoot, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`,
  NODE_PATH: join(workspaceRoot, 'node_modules'),
  GIT_AUTHOR_NAME: 'release-checks',
  GIT_AUTHOR_EMAIL: 'release-checks@example.com',
  GIT_COMMITTER_NAME: 'release-checks',
  GIT_COMMITTER_EMAIL: 'release-checks@example.com',
});

async function copyRepository(target: string): Promise<PackageFiles[]> {
  const rootFiles = [
    'package.json',
    'package-lock.json',
    'LICENSE',
    '.changeset/config.json',
    '.changeset/changelog.cjs',
  ];
  await mkdir(join(target, '.changeset'), { recursive: true });
  await Promise.all(rootFiles.map((file) => copyFile(join(workspaceRoot, file), join(target, file))));
  const workspaces = readJson<{ packages: Record<string, unknown> }>(
    join(workspaceRoot, 'package-lock.json'),
  );
  const directories = Object.keys(workspaces.packages)
    .filter((path) => /^packages\/[^/]+$/.test(path))
    .map((path) => path.slice('packages/'.length));
  for (const directory of directories) {
    await mkdir(join(target, 'packages', directory), { recursive: true });
    await copyFile(
      join(workspaceRoot, 'packages', directory, 'package.json'),
      join(target, 'packages', directory, 'package.json'),
    );
  }
  return directories.map((directory) => ({
    directory,
    manifest: readJson(join(target, 'packages', directory, 'package.json')),
  }));
}

async function git(args: readonly string[]): Promise<void> {
  await runOrThrow('git', args, { cwd: copy, env });
}

beforeAll(async () => {
  copy = await mkdtemp(join(tmpdir(), 'aalis-version-script-'));
  packages = await copyRepository(copy);
  await git(['init', '--quiet', '--initial-branch=main']);
  await git(['add', '-A']);
  await git(['commit', '--quiet', '-m', 'chore: the repository as it is']);
  for (const [file, text] of Object.entries(changesets))
    await writeFile(join(copy, '.changeset', file), text);
  await git(['add', '.changeset/core-and-schema.md', '.changeset/hook-runner-fix.md']);
  await git(['commit', '--quiet', '-m', 'docs(changeset): two changesets in one commit']);
  version = await runCommand('npm', ['run', 'version'], { cwd: copy, env, timeoutMs: 60_000 });
}, 90_000);

afterAll(async () => {
  if (copy !== '') await rm(copy, { recursive: true, force: true });
});

const changelogOf = (directory: string) =>
  readFile(join(copy, 'packages', directory, 'CHANGELOG.md'), 'utf8');
const manifestOf = (directory: string) =>
  readJson<Manifest>(join(copy, 'packages', directory, 'package.json'));

describe('npm run version', () => {
  it('versions the packages offline', () => {
    expect(version.code, version.stdout + version.stderr).toBe(0);
    expect(manifestOf('core').version).toBe('0.1.0');
    expect(manifestOf('token-budget').version).toBe('0.0.1');
  });

  it('leaves a lockfile that a following npm install --package-lock-only does not change', async () => {
    const lockPath = join(copy, 'package-lock.json');
    const versioned = await readFile(lockPath, 'utf8');
    const lock = JSON.parse(versioned) as Lockfile;
    for (const { directory } of packages) {
      expect(lock.packages[`packages/${directory}`]?.version, directory).toBe(manifestOf(directory).version);
    }
    await runOrThrow('npm', ['install', '--package-lock-only', '--ignore-scripts', '--offline'], {
      cwd: copy,
      env,
    });
    expect(await readFile(lockPath, 'utf8')).toBe(versioned);
  });

  it('writes no line twice in a changelog, and dependency updates as one line per release', async () => {
    for (const { directory, manifest } of packages) {
      if (manifest.private === true) continue;
      const changelog = await changelogOf(directory).catch(() => '');
      const entries = changelog.split('\n').filter((line) => /^\s*- /.test(line));
      expect(new Set(entries).size, `${directory}: ${changelog}`).toBe(entries.length);
      expect(changelog.match(/Updated dependencies/g)?.length ?? 0, directory).toBeLessThanOrEqual(1);
    }
  });

  it('names each commit once in the dependency line, none for a changeset not committed yet', async () => {
    const changelog = await changelogOf('plugin-agent');
    const line = changelog.split('\n').find((text) => text.includes('Updated dependencies'));
    expect(line).toMatch(/^- Updated dependencies \[[0-9a-f]{7}\]$/);
    expect(changelog).toContain('  - @aalis/core@0.1.0');
    expect(changelog).toContain('  - @aalis/token-budget@0.0.1');
    expect(await changelogOf('token-budget')).toMatch(/^- A fix in token-budget, not committed yet\.$/m);
  });

  it('keeps the release metadata consistent (sibling ranges follow the new versions)', () => {
    const cli = manifestOf('agent-cli');
    expect(cli.dependencies?.['@aalis/core']).toBe('^0.1.0');
    expect(cli.dependencies?.['@aalis/token-budget']).toBe('^0.0.1');
  });
});
