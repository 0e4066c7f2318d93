/**
 * One chunk of streamed output (event `outbound:stream`). `content` and `reasoning` chunks
 * carry text deltas of a model call and always the turn id ([TID-2]). Every input that was
 * handled, dropped or blocked gets exactly one `end` chunk for its session ([OUT-3],
 * [PRE-1], [HK-2]); it has the turn id when the input was in a turn.
 */
export type StreamChunk =
  | { readonly type: 'content'; readonly sessionId: string; readonly turnId: string; readonly text: string }
  | { readonly type: 'reasoning'; readonly sessionId: string; readonly turnId: string; readonly text: string }
  | { readonly type: 'end'; readonly sessionId: string; readonly turnId?: string };
