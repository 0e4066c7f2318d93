import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

type ExportTarget = string | { readonly import?: ExportTarget; readonly default?: ExportTarget } | undefined;

/** The file an `exports` entry gives an `import` (the ESM build, as `import()` needs). */
function importTarget(target: ExportTarget): string | undefined {
  if (typeof target === 'string' || target === undefined) return target;
  return importTarget(target.import ?? target.default);
}

function resolveFrom(file: string): string | undefined {
  try {
    const manifestPath = createRequire(file).resolve('tsx/package.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
      readonly exports?: Readonly<Record<string, ExportTarget>>;
    };
    const api = importTarget(manifest.exports?.['./esm/api']);
    return api === undefined ? undefined : pathToFileURL(join(dirname(manifestPath), api)).href;
  } catch {
    return undefined;
  }
}

/**
 * The URL of tsx's module API (`tsx/esm/api`, its ESM build) as installed for the adapter:
 * resolved from the adapter's file, then from the working directory; `undefined` when tsx is
 * installed in neither.
 */
export function findTsx(adapterPath: string, cwd: string): string | undefined {
  return resolveFrom(adapterPath) ?? resolveFrom(join(cwd, 'package.json'));
}
