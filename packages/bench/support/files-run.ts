import { fileURLToPath } from 'node:url';

/** One script of V8's precise coverage (`Profiler.takePreciseCoverage`), as far as it is read here. */
export interface ScriptCoverage {
  readonly url: string;
  readonly functions: readonly { readonly ranges: readonly { readonly count: number }[] }[];
}

const defaultRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The `packages/<name>/src/<file>` files of `coverage` with a function called at least once,
 * sorted; the bench package's own files and everything outside `packagesRoot` left out.
 */
export function filesRun(coverage: readonly ScriptCoverage[], packagesRoot: string = defaultRoot): string[] {
  const files = new Set<string>();
  for (const script of coverage) {
    if (!script.url.startsWith('file://')) continue;
    const path = fileURLToPath(script.url);
    if (!path.startsWith(packagesRoot)) continue;
    const relative = path.slice(packagesRoot.length);
    if (!/^[^/]+\/src\//.test(relative) || relative.startsWith('bench/')) continue;
    if (script.functions.some((fn) => (fn.ranges[0]?.count ?? 0) > 0)) files.add(`packages/${relative}`);
  }
  return [...files].sort();
}
