import type { MessageAttribution } from './message-classification';

/**
 * The tokens of one prompt part, already counted, with the bucket (and injector) they count
 * in: a prompt block, one message, or the running total of a bucket of the conversation
 * ([USG-7], [PRM-3]). `sumTokenFigures` adds them up without counting anything again.
 */
export interface TokenFigure extends MessageAttribution {
  readonly tokens: number;
}
