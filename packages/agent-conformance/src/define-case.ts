import type { Capabilities, CapabilityKey } from './capabilities';
import { CAPABILITY_KEYS } from './capabilities';
import { findRequirement } from './find-requirement';
import type { Harness, HarnessOptions } from './harness/harness';
import type { AgentUnderTest } from './runner/agent-under-test';

/** A second process beside the case's own: its harness and the implementation built on it ([DUR-3]). */
export interface CasePeer {
  readonly harness: Harness;
  readonly agent: AgentUnderTest;
}

/** What a case's `run` receives: a fresh harness and the implementation built on it. */
export interface CaseContext {
  readonly harness: Harness;
  readonly agent: AgentUnderTest;
  readonly capabilities: Capabilities;
  /**
   * Builds the implementation a second time, as another process would, over its own app,
   * hooks, events, model and tools and the same archive, memory and session manager as the
   * case's harness ([DUR-3]). Its calls are checked for leaks and its app is stopped with the
   * case's.
   */
  peer(): Promise<CasePeer>;
}

/** What {@link defineCase} takes. */
export interface CaseDefinition {
  /** The requirement ids the case checks; the first one leads the id. */
  readonly requirements: readonly string[];
  /** What the case checks, in words (the title without the ids). */
  readonly name: string;
  /**
   * Capabilities the case needs besides the marked requirements it names (e.g. `OUT-2` for a
   * case checking the `[reference]` part of [OUT-2], `preprocessors`).
   */
  readonly requires?: readonly CapabilityKey[];
  /** Options of the case's harness. */
  readonly harness?: HarnessOptions;
  /** The case's time limit in milliseconds; default the runner's. */
  readonly timeoutMs?: number;
  /**
   * The requirements a timeout of the case violates; default all it names. A case that hangs a
   * piece on purpose to check what follows the stop (e.g. [OUT-3] after [LIV-1] let the piece
   * go) names the liveness rule alone: an agent that stays stuck has broken that one, and
   * cannot be judged on what would follow. Each must be one of `requirements`.
   */
  readonly timeoutViolates?: readonly string[];
  /** The case: drives the agent and checks with the kit's `assert`. */
  run(context: CaseContext): Promise<void>;
}

/** One conformance case: requirement ids, a title, what it needs, and its check. */
export interface ConformanceCase {
  /** Stable id, e.g. `abt-3-released-inputs-are-archived-without-a-turn-id`. */
  readonly id: string;
  /** `[ABT-3] released inputs are archived without a turn id`. */
  readonly title: string;
  readonly name: string;
  readonly requirements: readonly string[];
  /**
   * Capabilities it needs: the `[decided]`, `[reference]` and `[beyond]` requirements it names
   * and any it declares; the case is `not-applicable` when one is not declared.
   */
  readonly requires: readonly CapabilityKey[];
  readonly harness: HarnessOptions | undefined;
  readonly timeoutMs: number | undefined;
  /** The requirements a timeout of the case violates (see {@link CaseDefinition.timeoutViolates}). */
  readonly timeoutViolates: readonly string[];
  run(context: CaseContext): Promise<void>;
}

/**
 * Defines a case. Its id is the first requirement id and the name in kebab case; its title
 * lists every requirement id in brackets, then the name. It requires the capability of every
 * `[decided]`, `[reference]` or `[beyond]` requirement it names.
 */
export function defineCase(definition: CaseDefinition): ConformanceCase {
  const [first] = definition.requirements;
  if (first === undefined) throw new TypeError(`Case "${definition.name}" names no requirement`);
  const capabilityKeys = new Set<string>(CAPABILITY_KEYS);
  // A marked requirement is a capability as a whole; one with only a [reference] part ([OUT-2])
  // is an obligation, and only the cases of that part require its key (`requires`).
  const marked = definition.requirements.filter(
    (id): id is CapabilityKey => capabilityKeys.has(id) && findRequirement(id)?.marker !== undefined,
  );
  const slug = definition.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return Object.freeze({
    id: `${first.toLowerCase()}-${slug}`,
    title: `${definition.requirements.map((id) => `[${id}]`).join(' ')} ${definition.name}`,
    name: definition.name,
    requirements: Object.freeze([...definition.requirements]),
    requires: Object.freeze([...new Set([...marked, ...(definition.requires ?? [])])]),
    harness: definition.harness,
    timeoutMs: definition.timeoutMs,
    timeoutViolates: Object.freeze([...timeoutViolatesOf(definition)]),
    run: definition.run,
  });
}

/** The requirements a timeout of the case violates: those it declares, or all it names. */
function timeoutViolatesOf(definition: CaseDefinition): readonly string[] {
  const declared = definition.timeoutViolates;
  if (declared === undefined) return definition.requirements;
  const foreign = declared.filter((id) => !definition.requirements.includes(id));
  if (declared.length === 0 || foreign.length > 0)
    throw new TypeError(
      `Case "${definition.name}": timeoutViolates must name some of its requirements, not ${foreign.join(', ') || 'none'}`,
    );
  return declared;
}
