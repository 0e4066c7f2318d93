import {
  type AgentAbortOptions,
  type AgentService,
  agent,
  type BoundAgent,
  type PreprocessorFn,
} from '@aalis/api-agent';
import type { ModelRef } from '@aalis/api-llm';
import type { IncomingMessage } from '@aalis/schema-message';
import { labelWait } from '../harness/create-harness';
import type { Harness } from '../harness/harness';
import { quote } from '../harness/quote';
import type { InputRecord } from './input-record';

/** The provider name the kit gives an implementation it provides itself. */
export const IMPLEMENTATION_PROVIDER = 'implementation';

/**
 * The implementation as cases drive it: every call goes through the `agent` business handle
 * of the harness's app ([SVC-4]), and the kit tracks every `handleMessage` and `clearing`
 * promise to find the ones left unsettled after a case.
 */
export interface AgentUnderTest {
  /** What the factory returned. */
  readonly returned: AgentService | BoundAgent;
  /** The app's `agent` business handle, as the kit took it. */
  readonly handle: BoundAgent;
  /** The provider name of the implementation in the app. */
  readonly providerName: string | undefined;
  /** Every input handed over, in order. */
  readonly inputs: readonly InputRecord[];
  /** Hands `message` over and returns its record (its `done` never rejects). */
  send(message: IncomingMessage): InputRecord;
  handleMessage(message: IncomingMessage): Promise<void>;
  abort(sessionId: string, options?: AgentAbortOptions): boolean;
  clearing(
    sessionIds: readonly string[] | undefined,
    clear: () => Promise<unknown>,
    reason?: string,
  ): Promise<void>;
  assignModel(sessionId: string, model: ModelRef): Promise<void>;
  registerPreprocessor(name: string, handler: PreprocessorFn): () => void;
  /** How many tracked promises (`handleMessage`, `clearing`, `assignModel`) have not settled. */
  unsettled(): { readonly inputs: number; readonly calls: number };
  /** The `clearing` and `assignModel` calls that have not settled, in words. */
  unsettledCalls(): readonly string[];
}

/** How the kit names a `handleMessage` call in its messages: `handleMessage of "hi" (session s1)`. */
export function describeInput(message: IncomingMessage): string {
  return `handleMessage of ${quote(String(message.content))} (session ${message.sessionId})`;
}

type MutableInput = { -readonly [TKey in keyof InputRecord]: InputRecord[TKey] };

/** Hands `message` to `handle` and records how its promise settles. */
function sendInput(harness: Harness, handle: BoundAgent, message: IncomingMessage): InputRecord {
  const record = { message, seq: harness.tick(), state: 'pending', settled: false } as MutableInput;
  const settle = (state: 'resolved' | 'rejected', error?: unknown) => {
    record.state = state;
    record.error = error;
    record.settled = true;
    // A settlement is an action of its own: waiters (`until`) are re-checked.
    record.settleSeq = harness.tick();
    return record as InputRecord;
  };
  let promise: Promise<void>;
  try {
    promise = Promise.resolve(handle.handleMessage(message));
  } catch (error) {
    promise = Promise.reject(error);
  }
  const done = promise.then(
    () => settle('resolved'),
    (error: unknown) => settle('rejected', error),
  );
  record.done = labelWait(harness, done, `${describeInput(message)} to settle`);
  return record as InputRecord;
}

/** Tracks `clearing` and `assignModel` calls until they settle, by description. */
function callTracker(harness: Harness) {
  const open = new Map<object, string>();
  const track = <TValue>(promise: Promise<TValue>, call: string): Promise<TValue> => {
    const token = {};
    open.set(token, call);
    const tracked = promise.finally(() => {
      open.delete(token);
    });
    return labelWait(harness, tracked, `${call} to settle`);
  };
  return { track, open: () => [...open.values()] };
}

/**
 * Whether `returned` passes its calls on to the app's current agent, as the app's business
 * handle does: told by selecting a stand-in for a moment and seeing whether a call reaches it.
 */
function forwardsToApp(harness: Harness, returned: AgentService | BoundAgent): boolean {
  let reached = false;
  const standIn: AgentService = {
    handleMessage: async () => undefined,
    abort: () => {
      reached = true;
      return false;
    },
    clearing: async () => undefined,
    assignModel: async () => undefined,
  };
  const previous = harness.app.providers(agent).current;
  const withdraw = harness.app.provide(agent, standIn, { name: FORWARDING_PROBE });
  try {
    harness.app.select(agent, FORWARDING_PROBE);
    // For an agent of its own, an abort of a session it never saw does nothing ([ABT-7]).
    returned.abort(FORWARDING_PROBE);
  } catch {
    // An agent that refuses the probe is not the handle, which would have reached the stand-in.
  } finally {
    withdraw();
    if (previous !== undefined) harness.app.select(agent, previous);
  }
  return reached;
}

/**
 * The factory loaded a plugin that provides the app's agent and returned another agent: the
 * cases, which call through the app's business handle ([SVC-4]), would drive the plugin's agent
 * and never the one returned (a wrapper, a second agent built beside it).
 */
function bypassedAgentError(provider: string): TypeError {
  return new TypeError(
    `the factory returned an agent that is not the app's agent service, while the app's agent is provided by "${provider}" (a plugin the factory loaded): the cases would drive that agent, not the one returned. Return harness.app.service(agent).use, or wire the returned agent to harness.services without loading a plugin that provides agent.`,
  );
}

/** The provider name of the stand-in `forwardsToApp` selects for a moment. */
const FORWARDING_PROBE = 'conformance-forwarding-probe';

/**
 * Provides `returned` as the app's agent when the app has none, and wraps the handle. When
 * `returned` is the app's own business handle and no plugin provided an agent (a plugin that
 * waits for a service the harness left out), nothing is provided: every call then fails as
 * the service being unavailable, and `providerName` is `undefined`, instead of the handle
 * forwarding to itself for ever. Throws a `TypeError` when a plugin the factory loaded provides
 * the app's agent and `returned` is another agent, which the cases would never reach.
 */
export function agentUnderTest(harness: Harness, returned: AgentService | BoundAgent): AgentUnderTest {
  const provider = harness.app.providers(agent).current;
  if (!forwardsToApp(harness, returned)) {
    if (provider !== undefined) throw bypassedAgentError(provider);
    harness.app.provide(agent, returned, { name: IMPLEMENTATION_PROVIDER });
  }
  const handle = harness.app.service(agent).use;
  const inputs: InputRecord[] = [];
  const calls = callTracker(harness);
  const send = (message: IncomingMessage): InputRecord => {
    const record = sendInput(harness, handle, message);
    inputs.push(record);
    return record;
  };
  return {
    returned,
    handle,
    providerName: harness.app.providers(agent).current,
    inputs,
    send,
    handleMessage: async (message) => {
      const record = send(message);
      await record.done;
      if (record.state === 'rejected') throw record.error;
    },
    abort: (sessionId, options) => handle.abort(sessionId, options),
    clearing: (sessionIds, clear, reason) =>
      calls.track(
        Promise.resolve(handle.clearing(sessionIds, clear, reason)),
        `clearing(${sessionIds === undefined ? 'every session' : sessionIds.join(', ')})`,
      ),
    assignModel: (sessionId, model) =>
      calls.track(
        Promise.resolve(handle.assignModel(sessionId, model)),
        `assignModel(${sessionId}, ${model})`,
      ),
    registerPreprocessor: (name, handler) => handle.registerPreprocessor(name, handler),
    unsettled: () => ({
      inputs: inputs.filter((input) => !input.settled).length,
      calls: calls.open().length,
    }),
    unsettledCalls: calls.open,
  };
}
