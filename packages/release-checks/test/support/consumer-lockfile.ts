/**
 * A package-lock.json for a consumer project outside the workspace, so that `npm ci --offline`
 * installs it from the npm cache alone. npm resolves a range through the registry's package
 * document, which `npm ci` of the workspace never fetched (it installs from the lockfile), so a
 * plain `npm install --offline` of the tarballs fails; a lockfile needs no resolution.
 *
 * The consumer's tree is a copy of part of the workspace's: the packed packages where the
 * workspace links them, and everything they and the named extra packages depend on at the very
 * paths the workspace lockfile has them (a path nested under `packages/<dir>/node_modules/` moves
 * under the packed package's own `node_modules/`), so every dependency resolves as it does in the
 * workspace, to versions its `npm ci` put in the cache.
 */
import type { PackedPackage } from './pack-packages';

/** One entry of `packages` in a lockfile (version 3). */
export interface LockEntry {
  readonly name?: string;
  readonly version?: string;
  readonly resolved?: string;
  readonly integrity?: string;
  readonly link?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly peerDependenciesMeta?: Readonly<Record<string, { readonly optional?: boolean }>>;
  readonly optional?: boolean;
  readonly devOptional?: boolean;
  readonly dev?: boolean;
  readonly peer?: boolean;
  readonly os?: readonly string[];
  readonly cpu?: readonly string[];
  readonly libc?: readonly string[];
  readonly [field: string]: unknown;
}

/** A lockfile, version 3. */
export interface Lockfile {
  readonly name?: string;
  readonly lockfileVersion: number;
  readonly requires?: boolean;
  readonly packages: Readonly<Record<string, LockEntry>>;
}

/** Options of `consumerLockfile`. */
export interface ConsumerLockfileOptions {
  /** The consumer's name (its package.json `name`). */
  readonly name: string;
  /** The workspace's lockfile. */
  readonly workspace: Lockfile;
  /** Every packed package; the consumer gets those it names and those they depend on. */
  readonly packed: readonly PackedPackage[];
  /** The packed packages the consumer depends on directly. */
  readonly direct: readonly string[];
  /** Where the tarballs are, relative to the consumer (`packs`). */
  readonly packsDirectory: string;
  /** Third-party packages the consumer depends on directly, at the workspace's versions. */
  readonly extras: readonly string[];
  /** Entries that win over the workspace's (another lockfile's), with their root dependencies. */
  readonly overlay?: Lockfile;
}

/** The package.json and the package-lock.json of a consumer project. */
export interface ConsumerFiles {
  readonly dependencies: Record<string, string>;
  readonly lockfile: Lockfile;
}

const NESTED = '/node_modules/';

/** The directory whose `node_modules` a path's package looked in after its own: its parent package. */
function parentPath(path: string): string {
  const nested = path.lastIndexOf(NESTED);
  return nested === -1 ? '' : path.slice(0, nested);
}

/** Where node finds `name` from the package at `from` in the lockfile's tree, if anywhere. */
function resolveFrom(lock: Lockfile, from: string, name: string): string | undefined {
  for (let base = from; ; base = parentPath(base)) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
  }
}

/** The dependencies npm installs for an entry: regular, optional, and peers not marked optional. */
function edgesOf(entry: LockEntry): { name: string; optional: boolean }[] {
  const optionalPeers = entry.peerDependenciesMeta ?? {};
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => optionalPeers[name]?.optional !== true)
      .map((name) => ({ name, optional: false })),
  ];
}

/** An entry as the consumer's lockfile holds it: without the workspace's dev and peer flags. */
function consumerEntry(entry: LockEntry): LockEntry {
  const { dev: _dev, devOptional, peer: _peer, optional, ...rest } = entry;
  const platformBound = entry.os !== undefined || entry.cpu !== undefined || entry.libc !== undefined;
  return optional === true || (devOptional === true && platformBound) ? { ...rest, optional: true } : rest;
}

function packedEntry(packed: PackedPackage, packsDirectory: string): LockEntry {
  const { manifest } = packed;
  const fields = [
    'license',
    'dependencies',
    'optionalDependencies',
    'peerDependencies',
    'peerDependenciesMeta',
    'bin',
    'engines',
  ] as const;
  const copied = Object.fromEntries(
    fields.filter((field) => manifest[field] !== undefined).map((field) => [field, manifest[field]]),
  );
  return {
    version: packed.version,
    resolved: `file:${packsDirectory}/${packed.filename}`,
    integrity: packed.integrity,
    ...copied,
  };
}

class TreeCopy {
  readonly entries = new Map<string, LockEntry>();
  readonly #queue: { workspacePath: string; consumerPath: string }[] = [];

  constructor(readonly options: ConsumerLockfileOptions) {}

  /** The consumer path of a workspace path (`packages/<dir>/node_modules/x` moves under the packed package). */
  consumerPath(workspacePath: string): string {
    const match = /^packages\/([^/]+)(\/.*)?$/.exec(workspacePath);
    if (match === null) return workspacePath;
    return `node_modules/${this.#packedByDirectory(match[1]!).name}${match[2] ?? ''}`;
  }

  addPacked(packed: PackedPackage): void {
    const consumerPath = `node_modules/${packed.name}`;
    if (this.entries.has(consumerPath)) return;
    this.entries.set(consumerPath, packedEntry(packed, this.options.packsDirectory));
    this.#queue.push({ workspacePath: `packages/${packed.directory}`, consumerPath });
  }

  addWorkspaceEntry(workspacePath: string): void {
    const consumerPath = this.consumerPath(workspacePath);
    if (this.entries.has(consumerPath)) return;
    const entry = this.options.workspace.packages[workspacePath];
    if (entry === undefined) throw new Error(`the workspace lockfile has no ${workspacePath}`);
    if (entry.link === true) {
      // A workspace package: the consumer has its tarball instead.
      this.addPacked(this.#packedByDirectory(entry.resolved!.replace(/^packages\//, '')));
    } else {
      this.entries.set(consumerPath, consumerEntry(entry));
      this.#queue.push({ workspacePath, consumerPath });
    }
  }

  /** Copies everything the queued entries depend on, breadth first. */
  drain(): void {
    for (let next = this.#queue.shift(); next !== undefined; next = this.#queue.shift()) {
      const entry = this.options.workspace.packages[next.workspacePath]!;
      for (const edge of edgesOf(entry)) {
        const found = resolveFrom(this.options.workspace, next.workspacePath, edge.name);
        if (found !== undefined) this.addWorkspaceEntry(found);
        else if (!edge.optional)
          throw new Error(`${next.workspacePath} needs ${edge.name}, not in the workspace lockfile`);
      }
    }
  }

  #packedByDirectory(directory: string): PackedPackage {
    const packed = this.options.packed.find((entry) => entry.directory === directory);
    if (packed === undefined) throw new Error(`packages/${directory} is not a packed (public) package`);
    return packed;
  }
}

/**
 * The dependencies and the lockfile of a consumer of `direct` packed packages and `extras`
 * third-party packages (at the workspace's versions), plus an `overlay` lockfile's tree.
 */
export function consumerLockfile(options: ConsumerLockfileOptions): ConsumerFiles {
  const tree = new TreeCopy(options);
  const dependencies: Record<string, string> = {};
  for (const name of options.direct) {
    const packed = options.packed.find((entry) => entry.name === name);
    if (packed === undefined) throw new Error(`${name} was not packed`);
    dependencies[name] = `file:${options.packsDirectory}/${packed.filename}`;
    tree.addPacked(packed);
  }
  for (const name of options.extras) {
    const version = options.workspace.packages[`node_modules/${name}`]?.version;
    if (version === undefined) throw new Error(`the workspace has no ${name} at its root`);
    dependencies[name] = version;
    tree.addWorkspaceEntry(`node_modules/${name}`);
  }
  tree.drain();
  const overlay = options.overlay?.packages ?? {};
  Object.assign(dependencies, overlay['']?.dependencies, overlay['']?.devDependencies);
  for (const [path, entry] of Object.entries(overlay))
    if (path !== '') tree.entries.set(path, consumerEntry(entry));
  const sorted = [...tree.entries].sort(([left], [right]) => left.localeCompare(right));
  return {
    dependencies,
    lockfile: {
      name: options.name,
      lockfileVersion: 3,
      requires: true,
      packages: { '': { name: options.name, dependencies }, ...Object.fromEntries(sorted) },
    },
  };
}
