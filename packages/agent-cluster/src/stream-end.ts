import type { ClusterAgentOptions } from './cluster-agent-options';

/**
 * What gives an input the cluster released from the inbox its stream end marker ([OUT-3]), on
 * this process's `events` (nothing without them). Not awaited: a listener that hangs or throws
 * keeps no input from settling ([LIV-1]); a throw or rejection is reported.
 */
export function streamEndOn(
  events: ClusterAgentOptions['events'],
  report: (error: unknown) => void,
): (sessionId: string) => void {
  if (events === undefined) return () => undefined;
  return (sessionId) => {
    try {
      Promise.resolve(events.emit('outbound:stream', { chunk: { type: 'end', sessionId } })).catch(report);
    } catch (error) {
      report(error);
    }
  };
}
