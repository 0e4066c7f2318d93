import { fileURLToPath } from 'node:url';
import { AdapterModuleError } from '../adapter-module-error';
import { findTsx } from './find-tsx';

/** What a module namespace looks like to the loader. */
export type ModuleNamespace = Record<string, unknown>;

/** Imports a module by URL; the CLI's is `import()`, tests put another in its place. */
export type ImportModule = (url: string) => Promise<ModuleNamespace>;

/** Node's own `import()`. */
export const nativeImport: ImportModule = (url) => import(url) as Promise<ModuleNamespace>;

const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

function reasonOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** The message for a TypeScript adapter Node could not import and no tsx to import it with. */
export function typescriptHint(cause: unknown): string {
  return (
    `could not be loaded: it is TypeScript, which Node cannot import by itself (${reasonOf(cause)}). ` +
    'Install tsx next to it (npm install -D tsx) and run the same command again: the CLI then loads ' +
    'TypeScript adapters through tsx. Or compile the adapter to JavaScript first and pass the .js file.'
  );
}

async function importTypeScript(input: {
  readonly specifier: string;
  readonly url: string;
  readonly cwd: string;
  readonly importModule: ImportModule;
}): Promise<ModuleNamespace> {
  const tsx = findTsx(fileURLToPath(input.url), input.cwd);
  if (tsx !== undefined) {
    const api = (await input.importModule(tsx)) as {
      tsImport: (url: string, parent: string) => Promise<unknown>;
    };
    return (await api.tsImport(input.url, import.meta.url)) as ModuleNamespace;
  }
  // Without tsx, Node may still load it: under a loader (node --import tsx), or where it strips types.
  try {
    return await input.importModule(input.url);
  } catch (cause) {
    throw new AdapterModuleError(input.specifier, typescriptHint(cause), { cause });
  }
}

/**
 * Imports the adapter module at `url` (given as `specifier`). A TypeScript module (`.ts`,
 * `.mts`, `.cts`, `.tsx`) is imported through tsx when tsx is installed for it, else by Node
 * itself, failing with an `AdapterModuleError` that says to install tsx or compile the adapter.
 */
export async function importAdapterModule(input: {
  readonly specifier: string;
  readonly url: string;
  readonly cwd: string;
  readonly importModule?: ImportModule;
}): Promise<ModuleNamespace> {
  const importModule = input.importModule ?? nativeImport;
  try {
    if (TYPESCRIPT.test(new URL(input.url).pathname))
      return await importTypeScript({ ...input, importModule });
    return await importModule(input.url);
  } catch (cause) {
    if (AdapterModuleError.isInstance(cause)) throw cause;
    throw new AdapterModuleError(input.specifier, `could not be loaded: ${reasonOf(cause)}`, { cause });
  }
}
