import { type AgentPromptContribution, agent, type PromptContributionView } from '@aalis/api-agent';
import { hooks } from '@aalis/api-hooks';
import { llm } from '@aalis/api-llm';
import { memory, runMemoryClear } from '@aalis/api-memory';
import { messageArchive } from '@aalis/api-message-archive';
import { sessionManager } from '@aalis/api-session-manager';
import { tools } from '@aalis/api-tools';
import {
  type AnyServiceDescriptor,
  type App,
  contributions,
  createApp,
  definePlugin,
  events,
  lifecycle,
  type ServiceDescriptor,
} from '@aalis/core';
import type { IncomingMessage } from '@aalis/schema-message';
import { type Activity, createActivity } from './activity';
import { createClock } from './clock';
import type { ContributionProbe } from './contribution-probe';
import { createFakeSessionManager, type FakeSessionManager } from './fake-session-manager';
import type { Harness, HarnessOptions, HarnessServices, InputFields } from './harness';
import type { HarnessFault } from './harness-fault';
import { createIds } from './ids';
import { createRecordingArchive, type RecordingArchive } from './recording-archive';
import { createRecordingEventBus, type RecordingEventBus } from './recording-event-bus';
import { createRecordingHooks, type RecordingHooks } from './recording-hooks';
import { createScriptedModel, type ScriptedModel } from './scripted-model';
import { createScriptedTools, type ScriptedTools } from './scripted-tools';

const activities = new WeakMap<Harness, Activity>();

/**
 * Lets the runner tell a harness's `settle` whether the implementation is still on its way
 * somewhere (short timers pending, inputs not yet at the agent or not yet settled after their
 * turn), so `settle` waits for it (not public API).
 */
export function setPendingTimersProbe(harness: Harness, probe: () => boolean, onGiveUp?: () => void): void {
  activities.get(harness)?.setPendingProbe(probe, onGiveUp);
}

/** What the case awaits on `harness` and is still pending, for a timeout's message (not public API). */
export function pendingWaits(harness: Harness): readonly string[] {
  return activities.get(harness)?.waits.pending() ?? [];
}

/** Labels a promise the kit hands a case, so a timeout names it when awaited (not public API). */
export function labelWait<TValue>(
  harness: Harness,
  promise: Promise<TValue>,
  label: string,
): Promise<TValue> {
  return activities.get(harness)?.waits.label(promise, label) ?? promise;
}

/** The provider name of every service the harness provides. */
export const HARNESS_PROVIDER = 'conformance';

/**
 * Creates a fresh harness: an app with every service an agent needs provided (provider name
 * `conformance`) and selected. See `Harness`.
 */
export function createHarness(options: HarnessOptions = {}): Harness {
  return buildHarness(options, undefined);
}

/**
 * A harness for a second process beside `of` ([DUR-3]): its own app, hooks, events, model and
 * tools, and the same archive, memory, session manager, clock, ids and activity — the
 * "database" both processes share. Not public API; cases reach it through `context.peer()`.
 */
export function createPeerHarness(of: Harness, options: HarnessOptions = {}): Harness {
  const activity = activities.get(of);
  if (activity === undefined) throw new TypeError('createPeerHarness needs a harness made by createHarness');
  return buildHarness(options, {
    activity,
    ids: of.ids,
    clock: of.clock,
    faults: of.faults as HarnessFault[],
    archive: of.archive,
    sessions: of.sessions,
  });
}

/** What a peer harness shares with the harness it stands beside. */
interface SharedWorld {
  readonly activity: Activity;
  readonly ids: ReturnType<typeof createIds>;
  readonly clock: ReturnType<typeof createClock>;
  readonly faults: HarnessFault[];
  readonly archive: RecordingArchive;
  readonly sessions: FakeSessionManager;
}

function buildHarness(options: HarnessOptions, shared: SharedWorld | undefined): Harness {
  const activity = shared?.activity ?? createActivity();
  const ids = shared?.ids ?? createIds();
  const clock = shared?.clock ?? createClock();
  const faults: HarnessFault[] = shared?.faults ?? [];
  const app = createApp({
    onError: (error) =>
      faults.push({ kind: 'app', message: error instanceof Error ? error.message : String(error) }),
  });
  const parts = {
    bus: createRecordingEventBus({ activity, faults }),
    hooks: createRecordingHooks({ activity, faults }),
    model: createScriptedModel({ activity, ids, faults, capabilities: options.model ?? {} }),
    tools: createScriptedTools({ activity }),
    archive: shared?.archive ?? createRecordingArchive({ activity, clock, ids }),
  };
  const withArchive = options.archive ?? true;
  const provided = { archive: withArchive, memory: options.memory ?? withArchive };
  provideAll(app, parts, provided);
  const services = harnessServices(app, provided);
  const agentHandle = app.service(agent);
  const sessions =
    shared?.sessions ??
    createFakeSessionManager({
      activity,
      clock,
      deleteFlow: {
        agent: () => (agentHandle.available() ? agentHandle.use : undefined),
        emitDeleted: (event) => services.events.emit('session:deleted', event),
        runMemoryClear: (sessionIds) =>
          runMemoryClear({ hooks: services.hooks, memory: services.memory, sessionIds }),
      },
    });
  if (options.sessionManager ?? true) provideOne(app, sessionManager, sessions.service);
  const harness: Harness = {
    app,
    services,
    model: parts.model,
    tools: parts.tools,
    sessions,
    archive: parts.archive,
    events: {
      all: parts.bus.all,
      of: parts.bus.of,
      emit: (name, payload) =>
        activity.waits.label(services.events.emit(name, payload), `the listeners of ${name} to finish`),
    },
    hooks: {
      runs: parts.hooks.runs,
      of: parts.hooks.of,
      middleware: (name, handler, middlewareOptions) =>
        services.hooks.middleware(name, handler, middlewareOptions),
    },
    ids,
    clock,
    faults,
    get sequence() {
      return activity.current;
    },
    contribute: (spec, contributeOptions) => contribute(app, spec, contributeOptions?.plugin),
    input: (fields) => buildInput(fields, { ids, clock }),
    selfIdentity: (platform) => ({ userId: `assistant@${platform}`, nickname: `Assistant on ${platform}` }),
    tick: () => activity.next(),
    until: (predicate, label = 'a condition of the case (harness.until) to hold') =>
      activity.waits.label(activity.until(predicate), label),
    settle: () => activity.settle(),
    drain: () =>
      activity.waits.label(app.drain(), "the app's drain (its lifecycle.onDrain callbacks) to finish"),
  };
  activities.set(harness, activity);
  return harness;
}

/** Provides `service` under the harness's provider name and selects it. */
function provideOne<TService extends object>(
  app: App,
  descriptor: ServiceDescriptor<TService, object>,
  service: TService,
): void {
  app.provide(descriptor, service, { name: HARNESS_PROVIDER });
  app.select(descriptor as AnyServiceDescriptor, HARNESS_PROVIDER);
}

function provideAll(
  app: App,
  parts: {
    readonly bus: RecordingEventBus;
    readonly hooks: RecordingHooks;
    readonly model: ScriptedModel;
    readonly tools: ScriptedTools;
    readonly archive: RecordingArchive;
  },
  provided: OptionalServices,
): void {
  provideOne(app, events, parts.bus.service);
  provideOne(app, hooks, parts.hooks.service);
  provideOne(app, llm, parts.model.service);
  provideOne(app, tools, parts.tools.service);
  if (provided.archive) provideOne(app, messageArchive, parts.archive.service);
  if (provided.memory) provideOne(app, memory, parts.archive.memory);
}

/** Which of the optional collaborators ([SVC-5]) the harness provides. */
interface OptionalServices {
  readonly archive: boolean;
  readonly memory: boolean;
}

function harnessServices(app: App, provided: OptionalServices): HarnessServices {
  return {
    llm: app.service(llm).use,
    tools: app.service(tools).use,
    hooks: app.service(hooks).use,
    sessions: app.service(sessionManager).use,
    archive: provided.archive ? app.service(messageArchive).use : undefined,
    memory: provided.memory ? app.service(memory).use : undefined,
    events: app.service(events).use,
    contributions: app.service(contributions).use,
    lifecycle: app.service(lifecycle).use,
  };
}

function contribute(app: App, spec: AgentPromptContribution, plugin: string | undefined): ContributionProbe {
  const views: PromptContributionView[] = [];
  const recorded: AgentPromptContribution = {
    ...spec,
    build: (view) => {
      views.push(view);
      return spec.build(view);
    },
  };
  if (plugin === undefined) {
    const dispose = app
      .service(contributions)
      .use.contribute('agent:prompt', recorded, { localId: spec.localId });
    return { key: `app/${spec.localId}`, views, dispose };
  }
  const instance = app.plugin(
    definePlugin({
      name: plugin,
      uses: { contributions },
      apply: ({ contributions: handle }) => {
        handle.use.contribute('agent:prompt', recorded, { localId: spec.localId });
      },
    }),
  );
  return { key: `${instance.id}/${spec.localId}`, views, dispose: () => void instance.dispose() };
}

function buildInput(
  fields: InputFields,
  context: { readonly ids: ReturnType<typeof createIds>; readonly clock: ReturnType<typeof createClock> },
): IncomingMessage {
  return {
    platform: 'conformance',
    userId: 'user-1',
    nickname: 'User One',
    messageId: context.ids.next('in'),
    timestamp: context.clock.now(),
    ...fields,
  };
}
