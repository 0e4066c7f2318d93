import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The fields of a package.json the checks read. */
export interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly engines?: Readonly<Record<string, string>>;
  readonly bin?: string | Readonly<Record<string, string>>;
  readonly license?: string;
}

/** A package of the workspace: its directory under `packages/` and its manifest. */
export interface WorkspacePackage {
  readonly directory: string;
  readonly manifest: Manifest;
}

export function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** Every package of the workspace that is published (not `private`), by directory name. */
export function publicPackages(): WorkspacePackage[] {
  const packagesDirectory = join(workspaceRoot, 'packages');
  return readdirSync(packagesDirectory)
    .sort()
    .filter((directory) => existsSync(join(packagesDirectory, directory, 'package.json')))
    .map((directory) => ({
      directory,
      manifest: readJson<Manifest>(join(packagesDirectory, directory, 'package.json')),
    }))
    .filter((entry) => entry.manifest.private !== true);
}

/** The public packages whose built entry (`dist/`) is missing: `npm run build` first. */
export function unbuiltPackages(packages: readonly WorkspacePackage[]): string[] {
  return packages
    .filter(({ directory }) => !existsSync(join(workspaceRoot, 'packages', directory, 'dist')))
    .map(({ manifest }) => manifest.name);
}
