import type { PromptBucket } from '@aalis/api-agent';
import type { ContributionBlock } from './contribution-block';

/** Per-injector token figures, grouped by the bucket they count in. */
export type InjectorFigures = Partial<Record<PromptBucket, Record<string, number>>>;

/**
 * The per-injector figures of a call's blocks, by bucket: for each bucket, each block's key and
 * its `tokens`, the figures `parts[].injectors` of that bucket's row carries ([PRM-3]).
 */
export function injectorFiguresOf(blocks: readonly ContributionBlock[]): InjectorFigures {
  const figures: InjectorFigures = {};
  for (const block of blocks) {
    const bucket = figures[block.bucket] ?? {};
    figures[block.bucket] = bucket;
    bucket[block.key] = (bucket[block.key] ?? 0) + block.tokens;
  }
  return figures;
}
