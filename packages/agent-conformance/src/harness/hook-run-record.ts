import type { HookContextMap, HookName } from '@aalis/api-hooks';

/** One run of a hook on the harness's hooks service. */
export interface HookRunRecord<TName extends HookName = HookName> {
  /** The activity number when the run started. */
  readonly seq: number;
  readonly name: TName;
  /** The payload object (live: middlewares and the implementation may change it). */
  readonly payload: HookContextMap[TName];
  /** The activity number when the run ended; `undefined` while it runs. */
  readonly endSeq: number | undefined;
  /** Whether a middleware did not call `next`; `undefined` while it runs. */
  readonly blocked: boolean | undefined;
  /** The activity number when the default action started; `undefined` if it did not (yet). */
  readonly defaultActionSeq: number | undefined;
}
