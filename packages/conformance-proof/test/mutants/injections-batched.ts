import type { AgentFactory } from '@aalis/agent-conformance';
import type { AgentService, TurnInput } from '@aalis/api-agent';
import type { HookContextMap, HooksService } from '@aalis/api-hooks';
import { type IncomingMessage, parseIncomingMessage } from '@aalis/schema-message';
import { buildPluginAgent } from '../support/build-plugin-agent';
import { override } from '../support/override';
import { type TurnWatch, watchTurns } from '../support/watch-turns';

/** An injection waiting in the queue, and the injections of the same source queued right behind it. */
interface Batch {
  readonly source: string;
  readonly carrier: string;
  readonly extras: IncomingMessage[];
  started: boolean;
  readonly done: Promise<void>;
}

/**
 * Breaks [SCH-4]: injections of one source queued directly behind each other are batched into
 * one turn, the way human inputs behind a human head are: the first one opens the turn and
 * carries the others as inputs of its own, instead of each forming its own turn.
 */
export const injectionsBatched: AgentFactory = (harness) => {
  const batches = new Map<string, Batch>();
  let watch: TurnWatch | undefined;
  return buildPluginAgent(harness, {
    collaborators: (own) => {
      watch = watchTurns(own.hooks);
      return { ...own, hooks: openBatches(watch.hooks, batches) };
    },
    service: (agent) =>
      override(agent, {
        handleMessage: (raw: unknown) => submit({ agent, watch, batches }, raw),
      }),
  });
};

async function submit(
  options: {
    readonly agent: AgentService;
    readonly watch: TurnWatch | undefined;
    readonly batches: Map<string, Batch>;
  },
  raw: unknown,
): Promise<void> {
  const { agent, watch, batches } = options;
  const message = parseIncomingMessage(raw);
  const source = message.source === undefined ? undefined : JSON.stringify(message.source);
  const open = batches.get(message.sessionId);
  if (source !== undefined && open !== undefined && !open.started && open.source === source) {
    open.extras.push(message);
    return open.done;
  }
  batches.delete(message.sessionId);
  const done = agent.handleMessage(message);
  const queued = watch?.running(message.sessionId) !== undefined;
  if (source !== undefined && queued && message.messageId !== undefined) {
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    batches.set(message.sessionId, {
      source,
      carrier: message.messageId,
      extras: [],
      started: false,
      done: settled,
    });
  }
  return done;
}

function openBatches(hooks: HooksService, batches: ReadonlyMap<string, Batch>): HooksService {
  const run: HooksService['run'] = (name, payload, defaultAction, runOptions) => {
    if (name === 'agent:turn:before') {
      const turn = payload as HookContextMap['agent:turn:before'];
      const batch = batches.get(turn.sessionId);
      if (batch !== undefined && !batch.started && turn.inputs[0]?.message.messageId === batch.carrier) {
        batch.started = true;
        for (const message of batch.extras) (turn.inputs as TurnInput[]).push({ message });
      }
    }
    return hooks.run(name, payload, defaultAction, runOptions);
  };
  return override(hooks, { run });
}
