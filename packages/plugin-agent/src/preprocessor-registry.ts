import type { PreprocessorFn } from '@aalis/api-agent';
import type { HooksService } from '@aalis/api-hooks';

/**
 * The agent's preprocessors, each a middleware on `agent:input:before` ([PRE-1]): the same
 * name replaces the earlier one; the returned function removes it (only if it was not
 * replaced since).
 */
export interface PreprocessorRegistry {
  register(name: string, handler: PreprocessorFn): () => void;
  /** Removes every preprocessor (the agent's deactivation). */
  clear(): void;
}

/** Makes a {@link PreprocessorRegistry} whose middlewares live on `hooks`. */
export function createPreprocessorRegistry(hooks: HooksService): PreprocessorRegistry {
  const registered = new Map<string, { readonly dispose: () => void }>();
  return {
    register(name, handler) {
      if (typeof name !== 'string' || name.length === 0) {
        throw new TypeError('A preprocessor name must be a non-empty string');
      }
      if (typeof handler !== 'function') throw new TypeError(`Preprocessor "${name}" must be a function`);
      registered.get(name)?.dispose();
      const entry = {
        dispose: hooks.middleware('agent:input:before', (payload, next) => handler(payload.message, next), {
          label: `preprocessor:${name}`,
        }),
      };
      registered.set(name, entry);
      return () => {
        if (registered.get(name) !== entry) return;
        registered.delete(name);
        entry.dispose();
      };
    },
    clear() {
      for (const entry of registered.values()) entry.dispose();
      registered.clear();
    },
  };
}
