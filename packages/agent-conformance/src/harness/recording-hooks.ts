import { createHooksService, type HookName, type HooksService } from '@aalis/api-hooks';
import { type Activity, createActivity } from './activity';
import type { HarnessFault } from './harness-fault';
import type { HookRunRecord } from './hook-run-record';

type MutableRun = { -readonly [TKey in keyof HookRunRecord]: HookRunRecord[TKey] };

/** The harness's `hooks` provider (`createHooksService` of api-hooks), recording every run. */
export interface RecordingHooks {
  /** The `hooks` provider. */
  readonly service: HooksService;
  /** Every hook run, in the order they started. */
  readonly runs: readonly HookRunRecord[];
  /** The runs of hook `name`, in order. */
  of<TName extends HookName>(name: TName): HookRunRecord<TName>[];
}

/** Options of {@link createRecordingHooks}. */
export interface RecordingHooksOptions {
  /** The sequence shared with other fakes, to compare the order of their actions. Default: its own. */
  readonly activity?: Activity;
  /** Where isolated middleware failures are recorded. Default: nowhere. */
  readonly faults?: HarnessFault[];
}

/**
 * Creates recording hooks (the harness's `hooks`; a fake for your own tests): the hooks
 * service of `@aalis/api-hooks`, recording every run; isolated middleware failures are
 * recorded as faults.
 */
export function createRecordingHooks(input: RecordingHooksOptions = {}): RecordingHooks {
  const options = { activity: input.activity ?? createActivity(), faults: input.faults ?? [] };
  const inner = createHooksService({
    onError: (error) => options.faults.push({ kind: 'hook-middleware', message: error.message }),
  });
  const runs: HookRunRecord[] = [];
  const service: HooksService = {
    middleware: (name, handler, middlewareOptions) => inner.middleware(name, handler, middlewareOptions),
    count: (name) => inner.count(name),
    run: (name, payload, defaultAction, runOptions) => {
      const run: MutableRun = {
        seq: 0,
        name,
        payload,
        endSeq: undefined,
        blocked: undefined,
        defaultActionSeq: undefined,
      };
      options.activity.record((seq) => {
        run.seq = seq;
        runs.push(run as HookRunRecord);
      });
      const markDefaultAction = () =>
        options.activity.record((seq) => {
          run.defaultActionSeq = seq;
        });
      const wrapped =
        defaultAction === undefined
          ? (_payload: typeof payload) => {
              markDefaultAction();
              return undefined as never;
            }
          : (value: typeof payload) => {
              markDefaultAction();
              return defaultAction(value);
            };
      const finish = (blocked: boolean | undefined) => {
        options.activity.record((seq) => {
          run.blocked = blocked;
          run.endSeq = seq;
        });
      };
      return inner.run(name, payload, wrapped, runOptions).then(
        (outcome) => {
          finish(outcome.blocked);
          return outcome;
        },
        (error: unknown) => {
          finish(false);
          throw error;
        },
      );
    },
  };
  return {
    service,
    runs,
    of: <TName extends HookName>(name: TName) =>
      runs.filter((run): run is HookRunRecord<TName> => run.name === name),
  };
}
