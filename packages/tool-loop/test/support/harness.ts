import { AGENT_HOOK_KEYS, type TurnInput } from '@aalis/api-agent';
import { createHooksService, type HooksService } from '@aalis/api-hooks';
import type { ResolvedModel } from '@aalis/api-llm';
import type { SessionKind } from '@aalis/api-session-manager';
import { createApp, type EventBus, type EventMap, events } from '@aalis/core';
import type { IncomingMessage, Message, MessageSource } from '@aalis/schema-message';
import { createTokenCounter } from '@aalis/token-budget';
import {
  type RunToolLoopOptions,
  runToolLoop,
  type ToolLoopLimits,
  type ToolLoopResult,
  type ToolLoopSettings,
} from '../../src/index';
import { type FakeTool, FakeTools } from './fake-tools';
import { RecordingPersistence } from './recording-persistence';
import { type ModelScriptStep, ScriptedModel } from './scripted-model';

/** The events the loop emits, recorded in order. */
export const RECORDED_EVENTS = [
  'outbound:message',
  'outbound:stream',
  'token:usage',
  'tool:execute',
] as const;

/** One recorded event. */
export type RecordedEvent = {
  [Name in (typeof RECORDED_EVENTS)[number]]: { readonly name: Name; readonly payload: EventMap[Name] };
}[(typeof RECORDED_EVENTS)[number]];

/** How to set a harness up. */
export interface HarnessSetup {
  readonly steps: readonly ModelScriptStep[];
  readonly tools?: readonly FakeTool[];
  readonly kind?: SessionKind;
  readonly settings?: Partial<ToolLoopSettings>;
  readonly limits?: Partial<ToolLoopLimits>;
  /** Texts of the opening inputs (default one: "hello"). */
  readonly inputs?: readonly string[];
  readonly source?: MessageSource;
  /** `null`: no model could be resolved. */
  readonly model?: ResolvedModel | null;
  /** Messages in the session before the turn. */
  readonly history?: readonly Pick<Message, 'role' | 'content'>[];
  /** Leave the archive out ([SVC-5]). */
  readonly withoutArchive?: boolean;
}

const counter = createTokenCounter();

/** The scripted model's registration. */
export function scriptedModel(capabilities: Partial<ResolvedModel['capabilities']> = {}): ResolvedModel {
  return {
    ref: 'test/scripted',
    provider: 'test',
    model: 'scripted',
    capabilities: {
      vision: false,
      toolCalls: true,
      thinking: true,
      contextWindow: 32_000,
      maxOutputTokens: 1_000,
      ...capabilities,
    },
  };
}

/** An input of the test platform. */
export function humanInput(content: string, extra: Partial<IncomingMessage> = {}): TurnInput {
  return {
    message: { content, sessionId: 's1', platform: 'test', userId: 'u1', nickname: 'Ann', ...extra },
  };
}

/** A fresh world for one turn: scripted model, fake tools, real hooks and events, in-memory archive. */
export class Harness {
  readonly sessionId = 's1';
  readonly turnId = 'turn-1';
  readonly model: ScriptedModel;
  readonly tools: FakeTools;
  readonly hooks: HooksService;
  readonly bus: EventBus;
  readonly persistence = new RecordingPersistence();
  readonly controller = new AbortController();
  readonly inputs: TurnInput[];
  /** Inputs waiting to join the turn before its next model call. */
  readonly pending: TurnInput[] = [];
  readonly events: RecordedEvent[] = [];
  /** Hooks, events and persistence calls in the order they happened, e.g. `hook agent:llm:before`. */
  readonly lines: string[] = [];
  readonly errors: unknown[] = [];
  readonly setup: HarnessSetup;

  constructor(setup: HarnessSetup) {
    this.setup = setup;
    this.model = new ScriptedModel(setup.steps);
    this.tools = new FakeTools(setup.tools ?? []);
    this.hooks = createHooksService({ onError: (error) => this.errors.push(error) });
    this.bus = createApp({ onError: (error) => this.errors.push(error) }).service(events).use;
    this.inputs = (setup.inputs ?? ['hello']).map((text) => humanInput(text));
    this.persistence.onCall = (call) => this.lines.push(`persist ${call.method}`);
    this.#record();
  }

  /** Sets up history and archives the opening inputs, as the agent does before the loop. */
  prepare(): this {
    this.persistence.seed(this.sessionId, this.setup.history ?? []);
    if (this.setup.withoutArchive !== true) this.persistence.archiveOpened(this.turnId, this.inputs);
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
        takePendingInsertions: () => this.pending.splice(0),
        ...(setup.source === undefined ? {} : { source: setup.source }),
      },
      session: {
        kind: setup.kind ?? 'console',
        selfIdentity: { userId: 'bot', nickname: 'Aalis' },
        settings: { maxToolIterations: 5, historyLimit: 0, deepThinking: false, ...setup.settings },
      },
      model: setup.model === null ? undefined : (setup.model ?? scriptedModel()),
      llm: this.model,
      tools: this.tools,
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
  emitted<Name extends RecordedEvent['name']>(name: Name): EventMap[Name][] {
    return this.events.filter((event) => event.name === name).map((event) => event.payload as EventMap[Name]);
  }

  /** The session's stored messages, oldest first. */
  stored(): Promise<Message[]> {
    return Promise.resolve(
      this.persistence.messages.filter((message) => message.sessionId === this.sessionId),
    );
  }

  #record(): void {
    for (const key of AGENT_HOOK_KEYS) {
      this.hooks.middleware(
        key,
        async (_payload, next) => {
          this.lines.push(`hook ${key}`);
          await next();
        },
        { priority: 1_000, label: 'recorder' },
      );
    }
    for (const name of RECORDED_EVENTS) {
      this.bus.on(name, (payload: EventMap[typeof name]) => {
        this.events.push({ name, payload } as RecordedEvent);
        this.lines.push(`event ${name}`);
      });
    }
  }
}

/** A prepared harness. */
export async function createHarness(setup: HarnessSetup): Promise<Harness> {
  return new Harness(setup).prepare();
}
