/** What a run that honours an abort signal needs to know of one level it entered. */
export interface WatchedLevel {
  readonly index: number;
  readonly entry: { readonly label: string | undefined };
  /** Whether the middleware's own code (its returned promise) has settled. */
  readonly middlewareSettled: boolean;
  /** Resolves the promise its `next()` gave, if it called `next`. */
  readonly wake: (() => void) | undefined;
}

/**
 * The state a run with an abort signal shares with its chain. Runs without a signal have
 * none, so the hot path pays one `undefined` check per hand-off.
 */
export interface RunWatch {
  /** Every level the chain entered, outermost first. */
  readonly levels: WatchedLevel[];
  /** Set once the caller stopped waiting: from then on `next()` runs nothing. */
  givenUp: boolean;
  defaultActionSettled: boolean;
  defaultActionFailed: boolean;
  defaultActionError: unknown;
  /** Whether a middleware settled normally after its `next()` rejected: it caught the failure. */
  failureCaught: boolean;
  /** Called by the chain right after the default action settled. */
  afterDefaultAction: () => void;
}

/** A fresh watch for one run. */
export function createRunWatch(): RunWatch {
  return {
    levels: [],
    givenUp: false,
    defaultActionSettled: false,
    defaultActionFailed: false,
    defaultActionError: undefined,
    failureCaught: false,
    afterDefaultAction: ignore,
  };
}

function ignore(): void {}
