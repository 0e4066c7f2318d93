import { PluginDisposeError } from './plugin-dispose-error';

/** Options of {@link OwnerScope}. */
export interface OwnerScopeOptions {
  /** Who owns the scope, for error reports: a plugin instance id or `app`. */
  readonly label: string;
  readonly report: (error: unknown) => void;
}

interface Cleanup {
  readonly run: () => unknown;
  done: boolean;
}

/**
 * The cleanups of one activation (or of the app itself). Closing runs them last in, first
 * out; a cleanup added after the scope closed runs at once. Failures are reported as
 * `PluginDisposeError` and never stop the other cleanups.
 */
export class OwnerScope {
  private open = true;
  private readonly cleanups = new Set<Cleanup>();

  constructor(private readonly options: OwnerScopeOptions) {}

  /** Whether the scope still takes cleanups. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Adds `cleanup`; returns a function that runs it early (once) and forgets it. */
  add(cleanup: () => unknown): () => void {
    const entry: Cleanup = { run: cleanup, done: false };
    if (!this.open) {
      void this.runOne(entry);
      return () => undefined;
    }
    this.cleanups.add(entry);
    return () => {
      this.cleanups.delete(entry);
      void this.runOne(entry);
    };
  }

  /** Closes the scope and runs every cleanup; resolves once the async ones settled. */
  close(): Promise<void> {
    this.open = false;
    const entries = [...this.cleanups].reverse();
    this.cleanups.clear();
    return Promise.all(entries.map((entry) => this.runOne(entry))).then(() => undefined);
  }

  private runOne(entry: Cleanup): Promise<void> | undefined {
    if (entry.done) return undefined;
    entry.done = true;
    try {
      const result = entry.run();
      if (result instanceof Promise)
        return result.then(
          () => undefined,
          (cause: unknown) => this.fail(cause),
        );
    } catch (cause) {
      this.fail(cause);
    }
    return undefined;
  }

  private fail(cause: unknown): void {
    this.options.report(new PluginDisposeError({ instanceId: this.options.label, cause }));
  }
}
