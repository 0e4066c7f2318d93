import type { TokenCounter } from '@aalis/token-budget';
import { type BuiltContribution, collectAssembly, type ReusableBlock } from './collect-assembly';
import { isTimeLimit } from './contribution-spec-problem';
import type { PromptAssemblerLogger } from './prompt-assembler-logger';
import type { PromptAssembly } from './prompt-assembly';
import { PromptAssemblyAbortedError } from './prompt-assembly-aborted-error';
import { type PromptAssemblyRequest, prepareRequest } from './prompt-assembly-request';
import type { PromptContributionFailure } from './prompt-contribution-failure';
import type { PromptContributionSource } from './prompt-contribution-source';
import { type ResolvedContribution, resolveContributions } from './resolve-contributions';
import { type ContributionOutcome, runContribution } from './run-contribution';

/** The time limit of a contribution that sets no `timeoutMs`, unless the options say otherwise. */
export const DEFAULT_CONTRIBUTION_TIMEOUT_MS = 5_000;

/** Options of {@link createPromptAssembler}. */
export interface PromptAssemblerOptions {
  /**
   * The current `agent:prompt` contributions, read at every call, so contributions added or
   * withdrawn while the app runs take effect from the next model call. Typically
   * `() => contributions.use.list('agent:prompt')`.
   */
  readonly contributions: PromptContributionSource;
  /** Counts each block's messages (token-budget's `TokenCounter`) ([PRM-3]). */
  readonly counter: Pick<TokenCounter, 'countMessage'>;
  /** Where contributions left out of a call are reported. Default: `console.warn`. */
  readonly logger?: PromptAssemblerLogger;
  /**
   * Time limit of a contribution without `timeoutMs`, in milliseconds (`Infinity`: none).
   * Default {@link DEFAULT_CONTRIBUTION_TIMEOUT_MS}.
   */
  readonly defaultTimeoutMs?: number;
}

/** Materialises the `agent:prompt` contributions for model calls and estimates ([PRM-1]). */
export interface PromptAssembler {
  /**
   * Builds every current contribution concurrently for one model call (before
   * `agent:llm:before`) or one `token:request` estimate (`dryRun: true`), and resolves with
   * the blocks in a stable order (stable blocks first, volatile ones last), each tagged with
   * its injector and bucket and counted ([PRM-1]..[PRM-3], [USG-8]). A contribution that
   * throws, rejects, exceeds its time limit or breaks the contract is left out, reported to
   * the logger with its key and listed in `failures`; the call still resolves. Rejects with
   * `PromptAssemblyAbortedError` as soon as the turn's signal aborts, and with a `TypeError` for
   * a malformed request.
   */
  assemble(request: PromptAssemblyRequest): Promise<PromptAssembly>;
}

const consoleLogger: PromptAssemblerLogger = {
  warn: (message, details) => console.warn(message, details),
};

function checkOptions(options: PromptAssemblerOptions): void {
  if (typeof options?.contributions !== 'function') {
    throw new TypeError('createPromptAssembler: contributions must be a function returning the current list');
  }
  if (typeof options.counter?.countMessage !== 'function') {
    throw new TypeError('createPromptAssembler: counter must be a token-budget TokenCounter');
  }
  if (options.defaultTimeoutMs !== undefined && !isTimeLimit(options.defaultTimeoutMs)) {
    throw new TypeError('createPromptAssembler: defaultTimeoutMs must be a positive number');
  }
}

function report(logger: PromptAssemblerLogger, failures: readonly PromptContributionFailure[]): void {
  for (const { key, reason, error } of failures) {
    try {
      logger.warn(`Prompt contribution ${key} left out of this model call (${reason})`, {
        key,
        reason,
        error,
      });
    } catch {
      // A failing logger must not fail the turn.
    }
  }
}

/**
 * Creates the assembler of the `agent:prompt` contribution point ([PRM-1]): the agent calls
 * `assemble` before each `agent:llm:before` and for each `token:request` snapshot, puts
 * `assembly.messages` before the history, and classifies them with `createPromptClassifier`
 * so each contribution's tokens appear under its key in `parts[].injectors` ([PRM-3]).
 * Throws a `TypeError` for missing or malformed options.
 */
export function createPromptAssembler(options: PromptAssemblerOptions): PromptAssembler {
  checkOptions(options);
  const logger = options.logger ?? consoleLogger;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_CONTRIBUTION_TIMEOUT_MS;
  let previous = new Map<string, ReusableBlock>();
  return {
    async assemble(request) {
      const { view, signal } = prepareRequest(request);
      if (signal.aborted) throw new PromptAssemblyAbortedError({ cause: signal.reason });
      const resolved = resolveContributions(options.contributions());
      const built = await buildAll(resolved.contributions, (contribution) =>
        runContribution({
          contribution,
          view,
          turnSignal: signal,
          timeoutMs: contribution.spec.timeoutMs ?? defaultTimeoutMs,
        }),
      );
      if (signal.aborted) throw new PromptAssemblyAbortedError({ cause: signal.reason });
      const next = new Map<string, ReusableBlock>();
      const assembly = collectAssembly({
        built,
        failures: resolved.failures,
        counter: options.counter,
        previous,
        next,
      });
      // Dry runs (token:request snapshots) leave the blocks of the turns alone.
      if (!request.dryRun) previous = next;
      report(logger, assembly.failures);
      return assembly;
    },
  };
}

/**
 * Runs every build, all at once, and waits only for the builds that did not answer at once
 * (each settles as soon as the turn aborts, so this stops waiting at once). A call whose
 * contributions all return their output directly takes no promise per contribution.
 */
async function buildAll(
  contributions: readonly ResolvedContribution[],
  build: (contribution: ResolvedContribution) => ContributionOutcome | Promise<ContributionOutcome>,
): Promise<BuiltContribution[]> {
  const built: { contribution: ResolvedContribution; outcome: ContributionOutcome }[] = [];
  let waiting: Promise<void>[] | undefined;
  for (const contribution of contributions) {
    const outcome = build(contribution);
    if (!(outcome instanceof Promise)) {
      built.push({ contribution, outcome });
      continue;
    }
    const entry = { contribution, outcome: { status: 'aborted' } as ContributionOutcome };
    built.push(entry);
    waiting ??= [];
    waiting.push(
      outcome.then((settled) => {
        entry.outcome = settled;
      }),
    );
  }
  if (waiting !== undefined) await Promise.all(waiting);
  return built;
}
