import type { TurnInput } from '@aalis/api-agent';

/** What the activity printer remembers of one running turn. */
export interface ActivityTurn {
  readonly inputs: readonly TurnInput[];
  /** The inputs already printed (by identity: an input appended twice is printed once). */
  readonly known: Set<TurnInput>;
  modelCalls: number;
  /** What the line being streamed holds; `undefined` once another line was printed. */
  stream: 'content' | 'reasoning' | undefined;
  /** Whether streamed reasoning ended with a line end, so its next line needs its mark. */
  reasoningAtLineStart: boolean;
  /** Whether reply text was streamed (the final reply message is then not printed again). */
  streamedReply: boolean;
  /** Call ids whose `⚙` line is printed. */
  readonly shownCalls: Set<string>;
  /** Call ids whose `↳` line is printed. */
  readonly shownResults: Set<string>;
}

/** The state of a turn that starts with `inputs`. */
export function createActivityTurn(inputs: readonly TurnInput[]): ActivityTurn {
  return {
    inputs,
    known: new Set(inputs),
    modelCalls: 0,
    stream: undefined,
    reasoningAtLineStart: false,
    streamedReply: false,
    shownCalls: new Set(),
    shownResults: new Set(),
  };
}
