import type { PromptContributionOutput, PromptContributionView } from '@aalis/api-agent';
import { BuildSignal, BuildView } from './build-view';
import type { PromptAssemblerError } from './prompt-assembler-error';
import { PromptContributionFailedError } from './prompt-contribution-failed-error';
import type { PromptContributionFailureReason } from './prompt-contribution-failure';
import { PromptContributionTimeoutError } from './prompt-contribution-timeout-error';
import type { ResolvedContribution } from './resolve-contributions';

/** How one build ended. */
export type ContributionOutcome =
  | { readonly status: 'built'; readonly output: PromptContributionOutput }
  | {
      readonly status: 'failed';
      readonly reason: Exclude<PromptContributionFailureReason, 'invalid'>;
      readonly error: PromptAssemblerError;
    }
  | { readonly status: 'aborted' };

/** What {@link runContribution} takes. */
export interface RunContributionOptions {
  readonly contribution: ResolvedContribution;
  /** The view shared by every contribution of the call; each gets its own `signal`. */
  readonly view: Omit<PromptContributionView, 'signal'>;
  /** The turn's signal. */
  readonly turnSignal: AbortSignal;
  /** The time limit, in milliseconds; `Infinity` for none. */
  readonly timeoutMs: number;
}

function isThenable(value: unknown): value is PromiseLike<PromptContributionOutput> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * Builds one contribution: the outcome at once when the build answered at once (most do),
 * else a promise of it. It is the build's output, a failure when the build throws,
 * rejects or exceeds its time limit, or `aborted` when the turn is stopped first. The build's
 * view has a signal of its own that aborts with the turn's reason or with the timeout error,
 * so a contribution can stop working once nobody waits for it. Never rejects.
 *
 * The signal is made when the build first reads it, and the timer and the turn listener only
 * when the build returns a promise: a build that answers at once cannot time out or be
 * stopped while it runs, and most contributions return their text at once.
 */
export function runContribution(
  options: RunContributionOptions,
): ContributionOutcome | Promise<ContributionOutcome> {
  const { contribution, turnSignal, timeoutMs } = options;
  const key = contribution.key;
  const build = new BuildSignal(turnSignal);
  const view = new BuildView(options.view, build);
  let output: PromptContributionOutput | PromiseLike<PromptContributionOutput>;
  try {
    output = contribution.spec.build(view);
  } catch (thrown) {
    return failed(key, thrown);
  }
  if (!isThenable(output)) return { status: 'built', output };
  const pending = output;
  return new Promise<ContributionOutcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onTurnAbort = () => {
      build.abort(turnSignal.reason);
      finish({ status: 'aborted' });
    };
    const finish = (outcome: ContributionOutcome) => {
      if (timer !== undefined) clearTimeout(timer);
      turnSignal.removeEventListener('abort', onTurnAbort);
      resolve(outcome);
    };
    turnSignal.addEventListener('abort', onTurnAbort, { once: true });
    if (Number.isFinite(timeoutMs)) {
      timer = setTimeout(() => {
        const error = new PromptContributionTimeoutError({ key, timeoutMs });
        build.abort(error);
        finish({ status: 'failed', reason: 'timeout', error });
      }, timeoutMs);
    }
    Promise.resolve(pending).then(
      (value) => finish({ status: 'built', output: value }),
      (cause) => finish(failed(key, cause)),
    );
  });
}

function failed(key: string, cause: unknown): ContributionOutcome {
  return { status: 'failed', reason: 'error', error: new PromptContributionFailedError({ key, cause }) };
}
