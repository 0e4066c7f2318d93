import { join } from 'node:path';
import { runOrThrow } from './run-command';
import { type Manifest, publicPackages, workspaceRoot } from './workspace';

/** A public package packed into a tarball, as a third party would download it. */
export interface PackedPackage {
  readonly name: string;
  readonly version: string;
  /** Its directory under `packages/`. */
  readonly directory: string;
  /** The tarball's file name in the pack destination. */
  readonly filename: string;
  /** The tarball's SHA-512 integrity. */
  readonly integrity: string;
  readonly manifest: Manifest;
}

interface PackOutput {
  readonly name: string;
  readonly version: string;
  readonly filename: string;
  readonly integrity: string;
}

/**
 * Packs every public package of the workspace (from its built `dist`, as `files` says) into
 * `destination` with one `npm pack` run, lifecycle scripts off.
 */
export async function packPublicPackages(destination: string): Promise<PackedPackage[]> {
  const packages = publicPackages();
  const workspaces = packages.flatMap(({ directory }) => ['--workspace', join('packages', directory)]);
  const { stdout } = await runOrThrow(
    'npm',
    ['pack', ...workspaces, '--pack-destination', destination, '--ignore-scripts', '--json'],
    { cwd: workspaceRoot },
  );
  const packed = JSON.parse(stdout) as PackOutput[];
  return packages.map(({ directory, manifest }) => {
    const output = packed.find((entry) => entry.name === manifest.name);
    if (output === undefined) throw new Error(`npm pack gave no tarball for ${manifest.name}`);
    return { ...output, directory, manifest };
  });
}
