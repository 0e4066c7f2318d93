import { publish } from './publish';
import type { EmitContext } from './turn-run';

/** What a notice is about. */
export interface NoticeTarget {
  readonly sessionId: string;
  readonly turnId: string;
  readonly platform: string;
}

/** Sends a `[错误]` or `[系统]` notice to the session with the turn id ([OUT-2], [TID-2]). */
export async function sendNotice(context: EmitContext, target: NoticeTarget, content: string): Promise<void> {
  await publish(context, 'outbound:message', {
    message: { ...target, content, kind: 'notice' },
  });
}
