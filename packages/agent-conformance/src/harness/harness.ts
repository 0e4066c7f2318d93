import type { AgentPromptContribution } from '@aalis/api-agent';
import type {
  HookContextMap,
  HookMiddleware,
  HookMiddlewareOptions,
  HookName,
  HooksService,
} from '@aalis/api-hooks';
import type { LlmService, ModelCapabilities } from '@aalis/api-llm';
import type { MemoryService } from '@aalis/api-memory';
import type { MessageArchiveService } from '@aalis/api-message-archive';
import type { SessionManagerService } from '@aalis/api-session-manager';
import type { BoundTools } from '@aalis/api-tools';
import type { App, Contributions, EventBus, EventMap, EventName, Lifecycle } from '@aalis/core';
import type { IncomingMessage, SelfIdentity } from '@aalis/schema-message';
import type { Clock } from './clock';
import type { ContributionProbe } from './contribution-probe';
import type { FakeSessionManager } from './fake-session-manager';
import type { HarnessFault } from './harness-fault';
import type { HookRunRecord } from './hook-run-record';
import type { Ids } from './ids';
import type { RecordedEvent } from './recorded-event';
import type { RecordingArchive } from './recording-archive';
import type { ScriptedModel } from './scripted-model';
import type { ScriptedTools } from './scripted-tools';

/** Options of `createHarness`. */
export interface HarnessOptions {
  /** Provide the message archive and memory. Default true; false checks [SVC-5]. */
  readonly archive?: boolean;
  /**
   * Provide memory. Default: as `archive`. `{ memory: false }` with the archive provided gives
   * the agent an archive without memory ([ARC-6], [SVC-5]: its inputs are still archived).
   */
  readonly memory?: boolean;
  /**
   * Provide the session manager. Default true; false gives the agent none ([SET-1]:
   * `assignModel` then throws). `harness.sessions` is still there, not provided, and calls on
   * `services.sessions` throw `SERVICE_UNAVAILABLE`.
   */
  readonly sessionManager?: boolean;
  /** Capabilities of the default model (e.g. `{ vision: true }`, a small `contextWindow`). */
  readonly model?: Partial<ModelCapabilities>;
}

/**
 * The harness's services as business handles of its app, for implementations not built on
 * `@aalis/core`: every call goes to the provider the harness selected.
 */
export interface HarnessServices {
  readonly llm: LlmService;
  readonly tools: BoundTools;
  readonly hooks: HooksService;
  /** Its calls throw `SERVICE_UNAVAILABLE` when the harness runs without a session manager ([SET-1]). */
  readonly sessions: SessionManagerService;
  /** `undefined` when the harness runs without archive ([SVC-5]). */
  readonly archive: MessageArchiveService | undefined;
  /** `undefined` when the harness runs without memory ([SVC-5], `memory: false`). */
  readonly memory: MemoryService | undefined;
  readonly events: EventBus;
  readonly contributions: Contributions;
  readonly lifecycle: Lifecycle;
}

/** The event bus as a case sees it: what was emitted, and emitting. */
export interface HarnessEvents {
  /** Every emitted event, in order. */
  readonly all: readonly RecordedEvent[];
  /** The emitted events named `name`, in order. */
  of<TName extends EventName>(name: TName): RecordedEvent<TName>[];
  /** Emits an event (as another plugin would) and waits for its listeners. */
  emit<TName extends EventName>(name: TName, payload: EventMap[TName]): Promise<void>;
}

/** The hooks as a case sees them: what ran, and adding middlewares. */
export interface HarnessHooks {
  /** Every hook run, in order. */
  readonly runs: readonly HookRunRecord[];
  /** The runs of hook `name`, in order. */
  of<TName extends HookName>(name: TName): HookRunRecord<TName>[];
  /** Adds a middleware, as another plugin would; returns a disposer. */
  middleware<TName extends HookName>(
    name: TName,
    handler: HookMiddleware<HookContextMap[TName]>,
    options?: HookMiddlewareOptions,
  ): () => void;
}

/** Fields of a harness input; the rest get deterministic defaults. */
export type InputFields = Partial<IncomingMessage> & { readonly sessionId: string; readonly content: string };

/**
 * The world an implementation under test lives in, fresh for every case: an app from
 * `@aalis/core` with the scripted model (`llm`), scripted tools, hooks, a fake session
 * manager, a recording archive and memory, a recording event bus, contributions and
 * lifecycle already provided and selected. A core-based implementation loads its plugin into
 * `app`; any other wires itself to `services`.
 */
export interface Harness {
  readonly app: App;
  readonly services: HarnessServices;
  readonly model: ScriptedModel;
  readonly tools: ScriptedTools;
  readonly sessions: FakeSessionManager;
  readonly archive: RecordingArchive;
  readonly events: HarnessEvents;
  readonly hooks: HarnessHooks;
  readonly ids: Ids;
  readonly clock: Clock;
  /** What the harness noticed that nobody asked for (unscripted calls, failing listeners, app errors). */
  readonly faults: readonly HarnessFault[];
  /** The activity number of the last recorded action. */
  readonly sequence: number;
  /**
   * Contributes to `agent:prompt` ([PRM-1]); with `plugin`, from a plugin of that name so the
   * key is `<plugin>#1/<localId>` ([PRM-3]), else from the app (`app/<localId>`).
   */
  contribute(spec: AgentPromptContribution, options?: { readonly plugin?: string }): ContributionProbe;
  /** A valid `IncomingMessage` with deterministic defaults (platform `conformance`, user `user-1`). */
  input(fields: InputFields): IncomingMessage;
  /**
   * The assistant's own account on `platform`, which the final reply records ([ARC-3]). Give
   * it to the agent in the factory as the agent's identity on every platform
   * (plugin-agent: `{ selfIdentity: harness.selfIdentity }`).
   */
  selfIdentity(platform: string): SelfIdentity;
  /** Takes the next activity number, for actions the case records itself; waiters are re-checked. */
  tick(): number;
  /**
   * Resolves once `predicate` holds, re-checked after every recorded action. `label` says what
   * the case waits for (`2 turns of s1 to end`): a case that times out while awaiting it names it.
   */
  until(predicate: () => boolean, label?: string): Promise<void>;
  /** Resolves once no action happened for several event-loop turns (no timers involved). */
  settle(): Promise<void>;
  /** Runs the app's drain (`lifecycle.onDrain` callbacks, [DRN-1]). */
  drain(): Promise<void>;
}

export type { HarnessFault };
