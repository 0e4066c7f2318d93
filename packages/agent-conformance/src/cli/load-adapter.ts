import { createRequire } from 'node:module';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AdapterModuleError } from '../adapter-module-error';
import type { Capabilities } from '../capabilities';
import type { AgentFactory } from '../runner/agent-factory';
import type { ExpectedFailure } from '../runner/expected-failure';
import type { ImplementationInfo } from '../runner/implementation-info';

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

/**
 * Loads an adapter module: a path (relative to `cwd`) or a package name resolved from
 * `cwd`. Throws `AdapterModuleError` when it cannot be loaded or lacks a `factory`
 * function, `capabilities` or `implementation`.
 */
export async function loadAdapter(specifier: string, cwd: string): Promise<AdapterModule> {
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(moduleUrl(specifier, cwd))) as Record<string, unknown>;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new AdapterModuleError(specifier, `could not be loaded: ${reason}`, { cause });
  }
  const candidate = (
    typeof loaded.factory === 'function' ? loaded : (loaded.default ?? {})
  ) as Partial<AdapterModule>;
  if (typeof candidate.factory !== 'function')
    throw new AdapterModuleError(specifier, 'exports no factory function');
  if (typeof candidate.capabilities !== 'object' || candidate.capabilities === null) {
    throw new AdapterModuleError(specifier, 'exports no capabilities object');
  }
  if (candidate.implementation === undefined)
    throw new AdapterModuleError(specifier, 'exports no implementation name');
  return candidate as AdapterModule;
}
