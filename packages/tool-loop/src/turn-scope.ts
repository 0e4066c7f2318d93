import type { GroupReference, SessionType } from '@aalis/schema-message';
import type { RunToolLoopOptions } from './run-tool-loop-options';

/** Where the turn happens. */
export interface TurnScope {
  readonly platform: string;
  readonly group: GroupReference | undefined;
  readonly sessionType: SessionType | undefined;
}

/** The turn's platform, group and session type: the session's, else its first input's. */
export function turnScope(options: Pick<RunToolLoopOptions, 'turn' | 'session'>): TurnScope {
  const first = options.turn.inputs[0]?.message;
  const { session } = options;
  const group =
    session.group ??
    (first?.groupId === undefined
      ? undefined
      : { id: first.groupId, ...(first.groupName === undefined ? {} : { name: first.groupName }) });
  return {
    platform: session.platform ?? first?.platform ?? '',
    group,
    sessionType: session.sessionType ?? first?.sessionType,
  };
}
