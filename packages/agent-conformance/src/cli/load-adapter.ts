import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AdapterModuleError } from '../adapter-module-error';
import type { Capabilities } from '../capabilities';
import type { AgentFactory } from '../runner/agent-factory';
import type { ExpectedFailure } from '../runner/expected-failure';
import type { ImplementationInfo } from '../runner/implementation-info';
import { type ImportModule, importAdapterModule, type ModuleNamespace } from './import-adapter-module';

/** What an adapter module for `agent-conformance run` exports (named, or as its default export). */
export interface AdapterModule {
  readonly factory: AgentFactory;
  readonly capabilities: Capabilities;
  readonly implementation: ImplementationInfo | string;
  readonly expectedFailures?: readonly ExpectedFailure[];
}

function moduleUrl(specifier: string, cwd: string): string {
  if (specifier.startsWith('.') || isAbsolute(specifier)) return pathToFileURL(resolve(cwd, specifier)).href;
  return pathToFileURL(createRequire(join(cwd, 'package.json')).resolve(specifier)).href;
}

function urlOf(specifier: string, cwd: string): string {
  try {
    return moduleUrl(specifier, cwd);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new AdapterModuleError(specifier, `could not be loaded: ${reason}`, { cause });
  }
}

/**
 * The adapter's exports: named, on the default export, or — for a module compiled to
 * CommonJS (a `.ts` file outside a `"type": "module"` package) — on the default export's default.
 */
function adapterExports(loaded: ModuleNamespace): Partial<AdapterModule> {
  const outer = (loaded.default ?? {}) as ModuleNamespace;
  const candidates = [loaded, outer, (outer.default ?? {}) as ModuleNamespace];
  return (candidates.find((candidate) => typeof candidate.factory === 'function') ??
    outer) as Partial<AdapterModule>;
}

/**
 * Loads an adapter module: a path (relative to `cwd`) or a package name resolved from `cwd`;
 * a TypeScript one through tsx when it is installed. Throws `AdapterModuleError` when it
 * cannot be loaded or lacks a `factory` function, `capabilities` or `implementation`.
 */
export async function loadAdapter(
  specifier: string,
  cwd: string,
  importModule?: ImportModule,
): Promise<AdapterModule> {
  const url = urlOf(specifier, cwd);
  const loaded = await importAdapterModule({
    specifier,
    url,
    cwd,
    ...(importModule ? { importModule } : {}),
  });
  const candidate = adapterExports(loaded);
  if (typeof candidate.factory !== 'function')
    throw new AdapterModuleError(specifier, 'exports no factory function (named, or on its default export)');
  if (typeof candidate.capabilities !== 'object' || candidate.capabilities === null) {
    throw new AdapterModuleError(specifier, 'exports no capabilities object');
  }
  if (candidate.implementation === undefined)
    throw new AdapterModuleError(specifier, 'exports no implementation name');
  return candidate as AdapterModule;
}
