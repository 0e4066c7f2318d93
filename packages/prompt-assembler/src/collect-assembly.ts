import type { ChatMessage } from '@aalis/api-llm';
import { WellKnownMetadataKeys } from '@aalis/schema-message';
import type { TokenCounter } from '@aalis/token-budget';
import type { ContributionBlock } from './contribution-block';
import { InvalidPromptContributionError } from './invalid-prompt-contribution-error';
import { normalizeOutput } from './normalize-output';
import type { PromptAssembly } from './prompt-assembly';
import type { PromptMessage } from './prompt-message';
import type { PlacedFailure, ResolvedContribution } from './resolve-contributions';
import type { ContributionOutcome } from './run-contribution';

/** One contribution of the call and how its build ended. */
export interface BuiltContribution {
  readonly contribution: ResolvedContribution;
  readonly outcome: ContributionOutcome;
}

/** What {@link collectAssembly} takes. */
export interface CollectAssemblyOptions {
  readonly built: readonly BuiltContribution[];
  /** Failures found before building (invalid specs). */
  readonly failures: readonly PlacedFailure[];
  readonly counter: Pick<TokenCounter, 'countMessage'>;
  /** The text-built blocks of the previous call, by key (see {@link ReusableBlock}). */
  readonly previous?: ReadonlyMap<string, ReusableBlock>;
  /** Receives this call's text-built blocks, by key, for the next call. */
  readonly next?: Map<string, ReusableBlock>;
}

/**
 * A block built from a text output. When the same contribution returns the same text in the
 * next call, that call gets the same (frozen) block: same message objects, so the token
 * counter recognises them, and no re-tagging or re-counting.
 */
export interface ReusableBlock {
  readonly spec: unknown;
  readonly text: string;
  readonly block: ContributionBlock;
}

function tag(message: ChatMessage, key: string): PromptMessage {
  const metadata = (message as { metadata?: unknown }).metadata;
  const existing = typeof metadata === 'object' && metadata !== null ? metadata : {};
  return { ...message, metadata: { ...existing, [WellKnownMetadataKeys.Injector]: key } };
}

function blockOf(
  contribution: ResolvedContribution,
  messages: readonly ChatMessage[],
  counter: Pick<TokenCounter, 'countMessage'>,
): ContributionBlock {
  const { key, spec } = contribution;
  // Frozen: a block may be handed to later calls again (see ReusableBlock).
  const tagged = messages.map((message) => Object.freeze(tag(message, key)));
  const promptBlocks = tagged.map((message) =>
    Object.freeze({ message, bucket: spec.bucket, injector: key, tokens: counter.countMessage(message) }),
  );
  const tokens = promptBlocks.reduce((sum, block) => sum + block.tokens, 0);
  return {
    key,
    localId: spec.localId,
    bucket: spec.bucket,
    label: spec.label,
    order: spec.order ?? 0,
    volatile: spec.volatile === true,
    messages: tagged,
    tokens,
    promptBlocks,
  };
}

/** Stable blocks before volatile ones, then by `order`, then in the registry's order. */
function compareBlocks(
  left: { block: ContributionBlock; position: number },
  right: { block: ContributionBlock; position: number },
): number {
  const volatility = Number(left.block.volatile) - Number(right.block.volatile);
  if (volatility !== 0) return volatility;
  if (left.block.order !== right.block.order) return left.block.order - right.block.order;
  return left.position - right.position;
}

/**
 * Turns the builds of one call into its assembly: each output that is something becomes a
 * block tagged with its injector and counted with the counter; failed and invalid outputs
 * become failures (in the registry's order). The order of the blocks depends on the specs and
 * the registry only, never on which build finished first.
 */
export function collectAssembly(options: CollectAssemblyOptions): PromptAssembly {
  const placed: { block: ContributionBlock; position: number }[] = [];
  const failures: PlacedFailure[] = [...options.failures];
  for (const { contribution, outcome } of options.built) {
    const { key, position } = contribution;
    if (outcome.status === 'failed') {
      failures.push({ failure: { key, reason: outcome.reason, error: outcome.error }, position });
      continue;
    }
    if (outcome.status === 'aborted') continue;
    const output = outcome.output;
    const reusable = typeof output === 'string' ? options.previous?.get(key) : undefined;
    if (reusable !== undefined && reusable.text === output && reusable.spec === contribution.spec) {
      options.next?.set(key, reusable);
      placed.push({ block: reusable.block, position });
      continue;
    }
    const normalized = normalizeOutput(output);
    if ('problem' in normalized) {
      const error = new InvalidPromptContributionError({ key, reason: normalized.problem });
      failures.push({ failure: { key, reason: 'invalid', error }, position });
    } else if (normalized.messages.length > 0) {
      const block = blockOf(contribution, normalized.messages, options.counter);
      if (typeof output === 'string')
        options.next?.set(key, { spec: contribution.spec, text: output, block });
      placed.push({ block, position });
    }
  }
  const blocks = placed.sort(compareBlocks).map(({ block }) => block);
  return {
    blocks,
    promptBlocks: blocks.flatMap((block) => block.promptBlocks),
    messages: blocks.flatMap((block) => block.messages),
    failures: failures.sort((left, right) => left.position - right.position).map(({ failure }) => failure),
  };
}
