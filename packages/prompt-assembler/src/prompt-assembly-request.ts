import type { PromptContributionView, TurnInput } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';

/** What `PromptAssembler.assemble` takes: the call the contributions are built for ([PRM-2]). */
export interface PromptAssemblyRequest {
  readonly sessionId: string;
  /** The platform of the turn's inputs (or of the session, for estimates). */
  readonly platform?: string;
  /** The turn being assembled; never given for a dry run. */
  readonly turnId?: string;
  /**
   * The turn's live inputs: the same array and objects as `agent:turn:before`, handed to the
   * contributions as they are (inputs joined later and `archived` set later show through).
   * Never given for a dry run. Default: none.
   */
  readonly inputs?: readonly TurnInput[];
  /** The turn's abort signal. Default: one that never aborts (estimates). */
  readonly signal?: AbortSignal;
  /** True when estimating for `token:request` ([USG-8]). Default false. */
  readonly dryRun?: boolean;
  /** The message list being assembled; the contributions see a frozen copy. Default: none. */
  readonly messages?: readonly ChatMessage[];
}

/** A request checked and turned into the view the contributions share. */
export interface PreparedRequest {
  readonly view: Omit<PromptContributionView, 'signal'>;
  readonly signal: AbortSignal;
}

const noInputs: readonly TurnInput[] = Object.freeze([]);
const noMessages: readonly ChatMessage[] = Object.freeze([]);

function frozen<T>(list: readonly T[]): readonly T[] {
  return Object.isFrozen(list) ? list : Object.freeze([...list]);
}

function isAbortSignal(value: unknown): value is AbortSignal {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AbortSignal).aborted === 'boolean' &&
    typeof (value as AbortSignal).addEventListener === 'function'
  );
}

function checkRequest(request: PromptAssemblyRequest): void {
  if (typeof request !== 'object' || request === null)
    throw new TypeError('assemble: request must be an object');
  if (typeof request.sessionId !== 'string' || request.sessionId.length === 0) {
    throw new TypeError('assemble: sessionId must be a non-empty string');
  }
  if (request.inputs !== undefined && !Array.isArray(request.inputs)) {
    throw new TypeError('assemble: inputs must be an array');
  }
  if (request.messages !== undefined && !Array.isArray(request.messages)) {
    throw new TypeError('assemble: messages must be an array');
  }
  if (request.signal !== undefined && !isAbortSignal(request.signal)) {
    throw new TypeError('assemble: signal must be an AbortSignal');
  }
  if (request.dryRun === true && (request.turnId !== undefined || (request.inputs?.length ?? 0) > 0)) {
    throw new TypeError('assemble: a dry run (token:request estimate) has no turn id and no inputs [USG-8]');
  }
}

/**
 * Checks a request (throws a `TypeError` for misuse) and builds the view every contribution of the
 * call shares ([PRM-2]): the live `inputs` array itself, a frozen copy of `messages`, and for
 * dry runs an empty `inputs` and no turn id ([USG-8]).
 */
export function prepareRequest(request: PromptAssemblyRequest): PreparedRequest {
  checkRequest(request);
  const dryRun = request.dryRun === true;
  const view: Omit<PromptContributionView, 'signal'> = {
    sessionId: request.sessionId,
    ...(request.platform === undefined ? {} : { platform: request.platform }),
    ...(request.turnId === undefined ? {} : { turnId: request.turnId }),
    inputs: dryRun ? noInputs : (request.inputs ?? noInputs),
    dryRun,
    // A frozen list cannot change under the contributions: shared, not copied.
    messages: request.messages === undefined ? noMessages : frozen(request.messages),
  };
  return { view, signal: request.signal ?? new AbortController().signal };
}
