import {
  createActivity,
  createRecordingEventBus,
  createRecordingHooks,
  createScriptedModel,
  createScriptedTools,
  type HarnessFault,
  type ModelStep,
  type RecordedEvent,
  type RecordingEventBus,
  type RecordingHooks,
  type ScriptedModel,
  type ScriptedToolDefinition,
  type ScriptedTools,
} from '@aalis/agent-conformance/testing';
import { AGENT_HOOK_KEYS, type TurnInput } from '@aalis/api-agent';
import type { HooksService } from '@aalis/api-hooks';
import type { ChatMessage, ModelCapabilities, ResolvedModel } from '@aalis/api-llm';
import type { SessionKind } from '@aalis/api-session-manager';
import type { EventBus, EventMap } from '@aalis/core';
import type { IncomingMessage, Message, MessageSource } from '@aalis/schema-message';
import { createTokenCounter } from '@aalis/token-budget';
import {
  type RunToolLoopOptions,
  runToolLoop,
  type ToolLoopLimits,
  type ToolLoopResult,
  type ToolLoopSettings,
} from '../../src/index';
import { RecordingPersistence } from './recording-persistence';

/** The events the loop emits, as `lines` and `events` show them. */
export const RECORDED_EVENTS = [
  'outbound:message',
  'outbound:stream',
  'token:usage',
  'tool:execute',
] as const;

type LoopEventName = (typeof RECORDED_EVENTS)[number];

/** How to set a harness up. */
export interface HarnessSetup {
  /** What the scripted model answers, call by call. */
  readonly steps: readonly ModelStep[];
  readonly tools?: readonly ScriptedToolDefinition[];
  readonly kind?: SessionKind;
  readonly settings?: Partial<ToolLoopSettings>;
  readonly limits?: Partial<ToolLoopLimits>;
  /** Texts of the opening inputs (default one: "hello"). */
  readonly inputs?: readonly string[];
  readonly source?: MessageSource;
  /** Capabilities of the turn's model (`test/scripted`); `null`: no model could be resolved. */
  readonly model?: Partial<ModelCapabilities> | null;
  /** Messages in the session before the turn. */
  readonly history?: readonly Pick<Message, 'role' | 'content'>[];
  /** Leave the archive out ([SVC-5]). */
  readonly withoutArchive?: boolean;
}

const counter = createTokenCounter();

/** The role and text of each message, e.g. `{ role: 'user', content: 'hello' }`. */
export function roleAndContent(messages: readonly ChatMessage[] = []): { role: string; content: string }[] {
  return messages.map(({ role, content }) => ({ role, content }));
}

/** An input of the test platform. */
export function humanInput(content: string, extra: Partial<IncomingMessage> = {}): TurnInput {
  return {
    message: { content, sessionId: 's1', platform: 'test', userId: 'u1', nickname: 'Ann', ...extra },
  };
}

/**
 * A fresh world for one turn: the scripted model, scripted tools, recording hooks and event bus
 * of `@aalis/agent-conformance/testing` (one shared activity, so their order can be compared)
 * and an in-memory persistence.
 */
export class Harness {
  readonly sessionId = 's1';
  readonly turnId = 'turn-1';
  /** The sequence every fake numbers its actions in; persistence calls take a number too. */
  readonly activity = createActivity();
  /** Failing hook middlewares and event listeners, isolated by the fakes. */
  readonly faults: HarnessFault[] = [];
  readonly model: ScriptedModel;
  readonly tools: ScriptedTools;
  readonly recordedHooks: RecordingHooks;
  readonly recordedEvents: RecordingEventBus;
  /** The turn's model, `test/scripted`. */
  readonly resolvedModel: ResolvedModel;
  readonly persistence = new RecordingPersistence({ turnId: this.turnId, sessionId: this.sessionId });
  readonly controller = new AbortController();
  readonly inputs: TurnInput[];
  /** Inputs waiting to join the turn before its next model call. */
  readonly pending: TurnInput[] = [];
  /** What the loop reported through `onError`. */
  readonly errors: unknown[] = [];
  readonly setup: HarnessSetup;
  readonly #persisted: { readonly seq: number; readonly line: string }[] = [];

  constructor(setup: HarnessSetup) {
    this.setup = setup;
    const { activity, faults } = this;
    this.model = createScriptedModel({ activity, steps: setup.steps });
    this.resolvedModel = this.model.define({ ref: 'test/scripted', capabilities: setup.model ?? {} });
    this.tools = createScriptedTools({ activity, tools: setup.tools ?? [] });
    this.recordedHooks = createRecordingHooks({ activity, faults });
    this.recordedEvents = createRecordingEventBus({ activity, faults });
    this.inputs = (setup.inputs ?? ['hello']).map((text) => humanInput(text));
    this.persistence.onCall = (call) =>
      this.#persisted.push({ seq: activity.next(), line: `persist ${call.method}` });
  }

  /** The hooks service the loop runs (`createHooksService` of api-hooks, recorded). */
  get hooks(): HooksService {
    return this.recordedHooks.service;
  }

  /** The event bus the loop emits on (recorded). */
  get bus(): EventBus {
    return this.recordedEvents.service;
  }

  /** The loop's events (`RECORDED_EVENTS`), in order. */
  get events(): RecordedEvent<LoopEventName>[] {
    return this.recordedEvents.all.filter((event): event is RecordedEvent<LoopEventName> =>
      (RECORDED_EVENTS as readonly string[]).includes(event.name),
    );
  }

  /** Hooks, events and persistence calls in the order they happened, e.g. `hook agent:llm:before`. */
  get lines(): string[] {
    const hooks = this.recordedHooks.runs
      .filter((run) => (AGENT_HOOK_KEYS as readonly string[]).includes(run.name))
      .map((run) => ({ seq: run.seq, line: `hook ${run.name}` }));
    const emitted = this.events.map((event) => ({ seq: event.seq, line: `event ${event.name}` }));
    return [...hooks, ...emitted, ...this.#persisted]
      .sort((left, right) => left.seq - right.seq)
      .map((entry) => entry.line);
  }

  /** Sets up history and archives the opening inputs, as the agent does before the loop. */
  prepare(): this {
    this.persistence.seed(this.sessionId, this.setup.history ?? []);
    if (this.setup.withoutArchive !== true) this.persistence.archiveOpened(this.inputs);
    return this;
  }

  /** The options `run` passes, for tests that change one. */
  options(overrides: Partial<RunToolLoopOptions> = {}): RunToolLoopOptions {
    const { setup } = this;
    return {
      turn: {
        turnId: this.turnId,
        sessionId: this.sessionId,
        inputs: this.inputs,
        signal: this.controller.signal,
        // As turn-scheduler does: the taker appends them to the live inputs.
        takePendingInsertions: () => {
          const taken = this.pending.splice(0);
          this.inputs.push(...taken);
          return taken;
        },
        ...(setup.source === undefined ? {} : { source: setup.source }),
      },
      session: {
        kind: setup.kind ?? 'console',
        selfIdentity: { userId: 'bot', nickname: 'Aalis' },
        settings: { maxToolIterations: 5, historyLimit: 0, deepThinking: false, ...setup.settings },
      },
      model: setup.model === null ? undefined : this.resolvedModel,
      llm: this.model.service,
      tools: this.tools.service,
      hooks: this.hooks,
      events: this.bus,
      ...(setup.withoutArchive === true ? {} : { persistence: this.persistence }),
      budget: { counter },
      ...(setup.limits === undefined ? {} : { limits: setup.limits }),
      onError: (error) => this.errors.push(error),
      ...overrides,
    };
  }

  /** Runs the turn's body. */
  run(overrides: Partial<RunToolLoopOptions> = {}): Promise<ToolLoopResult> {
    return runToolLoop(this.options(overrides));
  }

  /** The recorded payloads of one event. */
  emitted<Name extends LoopEventName>(name: Name): EventMap[Name][] {
    return this.recordedEvents.of(name).map((event) => event.payload);
  }

  /** The session's stored messages, oldest first. */
  stored(): Promise<Message[]> {
    return Promise.resolve(
      this.persistence.messages.filter((message) => message.sessionId === this.sessionId),
    );
  }
}

/** A prepared harness. */
export async function createHarness(setup: HarnessSetup): Promise<Harness> {
  return new Harness(setup).prepare();
}
