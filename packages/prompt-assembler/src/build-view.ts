import type { PromptContributionView, TurnInput } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';

/**
 * The signal of one build: made when the build first reads it, aborted with the turn's reason
 * or the build's timeout error, whichever comes first.
 */
export class BuildSignal {
  readonly #turnSignal: AbortSignal;
  #controller: AbortController | undefined;
  #abortedWith: { readonly reason: unknown } | undefined;

  constructor(turnSignal: AbortSignal) {
    this.#turnSignal = turnSignal;
    this.#controller = undefined;
    this.#abortedWith = undefined;
  }

  /** The build's signal, made on first use. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      if (this.#turnSignal.aborted) this.#abortedWith ??= { reason: this.#turnSignal.reason };
      if (this.#abortedWith !== undefined) this.#controller.abort(this.#abortedWith.reason);
    }
    return this.#controller.signal;
  }

  /** Aborts the build's signal (now, or when it is first read) with the first reason given. */
  abort(reason: unknown): void {
    this.#abortedWith ??= { reason };
    this.#controller?.abort(reason);
  }
}

/**
 * The frozen view one build gets: the call's shared fields and a signal of its own. A class,
 * so the twenty views of a turn (five contributions, four model calls) share one shape and
 * make no closures. Fields are `declare`d: an absent platform or turn id stays absent.
 */
export class BuildView implements PromptContributionView {
  declare readonly sessionId: string;
  declare readonly platform?: string;
  declare readonly turnId?: string;
  declare readonly inputs: readonly TurnInput[];
  declare readonly dryRun: boolean;
  declare readonly messages: readonly ChatMessage[];
  readonly #build: BuildSignal;

  constructor(shared: Omit<PromptContributionView, 'signal'>, build: BuildSignal) {
    this.sessionId = shared.sessionId;
    if (shared.platform !== undefined) this.platform = shared.platform;
    if (shared.turnId !== undefined) this.turnId = shared.turnId;
    this.inputs = shared.inputs;
    this.dryRun = shared.dryRun;
    this.messages = shared.messages;
    this.#build = build;
    Object.freeze(this);
  }

  get signal(): AbortSignal {
    return this.#build.signal;
  }
}
