import type { PromptContributionOutput, PromptContributionView } from '@aalis/api-agent';
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

/**
 * Builds one contribution. It settles with the build's output, a failure when the build throws,
 * rejects or exceeds its time limit, or `aborted` when the turn is stopped first. The build's
 * view has a signal of its own that aborts with the turn's reason or with the timeout error,
 * so a contribution can stop working once nobody waits for it. Never rejects.
 */
export function runContribution(options: RunContributionOptions): Promise<ContributionOutcome> {
  const { contribution, turnSignal, timeoutMs } = options;
  const key = contribution.key;
  const controller = new AbortController();
  return new Promise<ContributionOutcome>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onTurnAbort = () => {
      controller.abort(turnSignal.reason);
      finish({ status: 'aborted' });
    };
    const finish = (outcome: ContributionOutcome) => {
      if (timer !== undefined) clearTimeout(timer);
      turnSignal.removeEventListener('abort', onTurnAbort);
      resolve(outcome);
    };
    const fail = (cause: unknown) =>
      finish({ status: 'failed', reason: 'error', error: new PromptContributionFailedError({ key, cause }) });
    turnSignal.addEventListener('abort', onTurnAbort, { once: true });
    if (Number.isFinite(timeoutMs)) {
      timer = setTimeout(() => {
        const error = new PromptContributionTimeoutError({ key, timeoutMs });
        controller.abort(error);
        finish({ status: 'failed', reason: 'timeout', error });
      }, timeoutMs);
    }
    try {
      const view: PromptContributionView = Object.freeze({ ...options.view, signal: controller.signal });
      Promise.resolve(contribution.spec.build(view)).then(
        (output) => finish({ status: 'built', output }),
        fail,
      );
    } catch (thrown) {
      fail(thrown);
    }
  });
}
