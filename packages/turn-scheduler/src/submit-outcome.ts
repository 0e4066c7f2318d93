/**
 * Why an input was released instead of running in a turn:
 * - `abort`: `abort(sessionId, { queued: true })` [ABT-3];
 * - `clearing`: a hold for clearing history began [CLR-1];
 * - `deleted`: `deleteSession` [DEL-1];
 * - `generation`: the session's generation changed between submit and hand-over [DEL-2];
 * - `drain`: shutdown [DRN-1];
 * - `abandoned`: shutdown with a deadline, and the input had not settled when it passed
 *   [LIV-2]. The input may have been in a turn whose body never settled or in a release
 *   batch whose callback never finished; the drain report names that work. It is never
 *   handed to `onRelease` and always comes with `archive: false` (the scheduler cannot know
 *   what the abandoned work already wrote).
 */
export type ReleaseReason = 'abort' | 'clearing' | 'deleted' | 'generation' | 'drain' | 'abandoned';

/**
 * What happened to one submitted input; a submit promise resolves with it at the moment the
 * input is settled [SVC-2]:
 * - `{ status: 'turn', turnId }` once the turn the input ran in (opening it or joining it)
 *   has ended, that is once the turn body's promise settled;
 * - `{ status: 'released', reason, archive }` once the release callback for it has
 *   finished, or at once when a drain deadline abandoned it (reason `abandoned`). `archive`
 *   says whether the caller should archive it (without a turn id).
 */
export type SubmitOutcome =
  | { readonly status: 'turn'; readonly turnId: string }
  | { readonly status: 'released'; readonly reason: ReleaseReason; readonly archive: boolean };
