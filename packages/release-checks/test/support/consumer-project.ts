import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { consumerLockfile, type Lockfile } from './consumer-lockfile';
import type { PackedPackage } from './pack-packages';
import { type CommandResult, runCommand } from './run-command';

/** Options of `installConsumer`. */
export interface InstallConsumerOptions {
  /** The project's directory, outside the workspace; created if missing. */
  readonly directory: string;
  /** Where the tarballs were packed. */
  readonly packsFrom: string;
  readonly packed: readonly PackedPackage[];
  /** The packed packages the project depends on. */
  readonly direct: readonly string[];
  /** Third-party packages it depends on, at the workspace's versions. */
  readonly extras: readonly string[];
  readonly workspaceLock: Lockfile;
  /** Another lockfile whose tree the project gets too (e.g. vitest 5's). */
  readonly overlay?: Lockfile;
}

/**
 * Writes a consumer project (package.json, package-lock.json, the tarballs under `packs/`) and
 * installs it with `npm ci --offline`: from the tarballs and the npm cache only, no workspace
 * link, no lifecycle script. Resolves with npm's result (code 0 on success).
 */
export async function installConsumer(options: InstallConsumerOptions): Promise<CommandResult> {
  const packs = join(options.directory, 'packs');
  await mkdir(packs, { recursive: true });
  await Promise.all(
    options.packed.map(({ filename }) => copyFile(join(options.packsFrom, filename), join(packs, filename))),
  );
  const name = 'aalis-consumer';
  const { dependencies, lockfile } = consumerLockfile({
    name,
    workspace: options.workspaceLock,
    packed: options.packed,
    direct: options.direct,
    packsDirectory: 'packs',
    extras: options.extras,
    ...(options.overlay === undefined ? {} : { overlay: options.overlay }),
  });
  const manifest = { name, private: true, type: 'module', dependencies };
  await writeFile(join(options.directory, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(options.directory, 'package-lock.json'), `${JSON.stringify(lockfile, null, 2)}\n`);
  return runCommand('npm', ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: options.directory,
    timeoutMs: 150_000,
  });
}
