import {
  ChatFailedError,
  type ChatRequest,
  type ChatResponse,
  type LlmService,
  type ModelCapabilities,
  type ResolvedModel,
} from '@aalis/api-llm';
import type { ToolCall } from '@aalis/schema-message';
import { UnscriptedCallError } from '../unscripted-call-error';
import { abortable, never } from './abortable';
import { type Activity, createActivity } from './activity';
import { describeModelStep } from './describe-model-step';
import type { HarnessFault } from './harness-fault';
import { createIds, type Ids } from './ids';
import { kitTimeout } from './kit-timers';
import { lastUserMessage } from './last-user-message';
import type { ModelCallRecord } from './model-call-record';
import type { ModelStep } from './model-step';
import { snapshot } from './snapshot';

/** The reference of the harness's default model. */
export const DEFAULT_MODEL_REF = 'conformance/model';

/** The capabilities of the default model unless a case overrides them. */
export const DEFAULT_MODEL_CAPABILITIES: ModelCapabilities = Object.freeze({
  vision: false,
  toolCalls: true,
  thinking: true,
  contextWindow: 32_768,
  maxOutputTokens: 1024,
});

/** A scripted step together with the promises a case awaits to follow it. */
export interface ScriptedStepHandle {
  readonly step: ModelStep;
  /** Its 1-based position in the model's script. */
  readonly number: number;
  /** Resolves when a call takes this step. */
  readonly started: Promise<ModelCallRecord>;
  /** Resolves when that call ended (resolved or rejected). */
  readonly finished: Promise<ModelCallRecord>;
  /** The call that took it, once one did. */
  readonly call: ModelCallRecord | undefined;
}

/** A model the scripted model serves besides the default one. */
export interface ModelDefinition {
  /** `provider/model`, e.g. `conformance/alt`. */
  readonly ref: string;
  readonly capabilities?: Partial<ModelCapabilities>;
}

/** The scripted model of a harness: the `llm` provider and the case's control over it. */
export interface ScriptedModel {
  /** The `llm` provider. */
  readonly service: LlmService;
  /** Every call received, in order. */
  readonly requests: readonly ModelCallRecord[];
  /** Appends steps for the next calls; returns one handle per step. */
  script(steps: readonly ModelStep[]): ScriptedStepHandle[];
  /** Adds a model that `resolveModel(ref)` finds. */
  define(definition: ModelDefinition): ResolvedModel;
  /** Changes the default model; `undefined`: `resolveModel()` finds none ([OUT-2]). */
  setDefault(ref: string | undefined): void;
  /** Makes the next `resolveModel` call never settle, as a model service that stopped answering ([LIV-1]). */
  hangNextResolve(): void;
  /** The capabilities of a served model (default model without `ref`). */
  capabilitiesOf(ref?: string): ModelCapabilities | undefined;
  /** How many calls have not ended. */
  openCalls(): number;
  /** How many scripted steps no call has taken yet. */
  pendingSteps(): number;
  /** The scripted steps no call has taken yet, in script order. */
  waitingSteps(): readonly ScriptedStepHandle[];
}

/** Options of {@link createScriptedModel}; every one has a default. */
export interface ScriptedModelOptions {
  /** Steps to script at once (the same as calling `script(steps)`). */
  readonly steps?: readonly ModelStep[];
  /** Overrides of the default model's capabilities. */
  readonly capabilities?: Partial<ModelCapabilities>;
  /** The sequence shared with other fakes, to compare the order of their actions. Default: its own. */
  readonly activity?: Activity;
  /** Where tool call ids come from (`call-1`, …). Default: its own. */
  readonly ids?: Ids;
  /** Where unscripted calls are recorded besides being rejected. Default: nowhere. */
  readonly faults?: HarnessFault[];
}

/** The options with their defaults filled in. */
interface ModelWorld {
  readonly activity: Activity;
  readonly ids: Ids;
  readonly faults: HarnessFault[];
}

interface StepEntry {
  readonly handle: ScriptedStepHandle;
  readonly resolveStarted: (record: ModelCallRecord) => void;
  readonly resolveFinished: (record: ModelCallRecord) => void;
  call: ModelCallRecord | undefined;
}

type MutableRecord = { -readonly [TKey in keyof ModelCallRecord]: ModelCallRecord[TKey] };

/**
 * Creates a scripted model: an `LlmService` that answers each call with the next scripted step
 * and records every request; a call with no step left is rejected with `UnscriptedCallError`.
 * The harness's `llm` ([USG-1], [ABT-1] and every case that makes model calls), and a fake for
 * your own tests (`@aalis/agent-conformance/testing`).
 */
export function createScriptedModel(options: ScriptedModelOptions = {}): ScriptedModel {
  const world: ModelWorld = {
    activity: options.activity ?? createActivity(),
    ids: options.ids ?? createIds(),
    faults: options.faults ?? [],
  };
  const models = new Map<string, ResolvedModel>();
  let defaultRef: string | undefined = DEFAULT_MODEL_REF;
  const define = (definition: ModelDefinition): ResolvedModel => {
    const [provider = 'conformance', ...rest] = definition.ref.split('/');
    const resolved: ResolvedModel = Object.freeze({
      ref: definition.ref,
      provider,
      model: rest.join('/') || definition.ref,
      capabilities: Object.freeze({ ...DEFAULT_MODEL_CAPABILITIES, ...definition.capabilities }),
    });
    models.set(definition.ref, resolved);
    return resolved;
  };
  define({ ref: DEFAULT_MODEL_REF, capabilities: options.capabilities ?? {} });
  const steps: StepEntry[] = [];
  const calls: ModelCallRecord[] = [];

  let hangResolve = false;
  const service: LlmService = {
    resolveModel: async (ref) => {
      if (hangResolve) {
        hangResolve = false;
        return new Promise<never>(() => undefined);
      }
      const wanted = ref ?? defaultRef;
      return wanted === undefined ? undefined : models.get(wanted);
    },
    chat: (request) => runCall({ request, steps, calls, world }),
  };
  const script = (list: readonly ModelStep[]) => list.map((step) => addStep(steps, step, world.activity));
  script(options.steps ?? []);
  return {
    service,
    requests: calls,
    script,
    define,
    hangNextResolve: () => {
      hangResolve = true;
    },
    setDefault: (ref) => {
      defaultRef = ref;
    },
    capabilitiesOf: (ref) => {
      const wanted = ref ?? defaultRef;
      return wanted === undefined ? undefined : models.get(wanted)?.capabilities;
    },
    openCalls: () => calls.filter((call) => call.state === 'open').length,
    pendingSteps: () => steps.filter((entry) => entry.call === undefined).length,
    waitingSteps: () => steps.filter((entry) => entry.call === undefined).map((entry) => entry.handle),
  };
}

function addStep(steps: StepEntry[], step: ModelStep, activity: Activity): ScriptedStepHandle {
  const number = steps.length + 1;
  let resolveStarted: (record: ModelCallRecord) => void = () => undefined;
  let resolveFinished: (record: ModelCallRecord) => void = () => undefined;
  const started = new Promise<ModelCallRecord>((resolve) => {
    resolveStarted = resolve;
  });
  const finished = new Promise<ModelCallRecord>((resolve) => {
    resolveFinished = resolve;
  });
  const described = describeModelStep(step);
  const entry: StepEntry = {
    handle: {
      step,
      number,
      started: activity.waits.label(
        started,
        `a model call (llm.chat of the harness) to take scripted step ${number} (${described})`,
      ),
      finished: activity.waits.label(finished, `the model call of scripted step ${number} to end`),
      get call() {
        return entry.call;
      },
    },
    resolveStarted,
    resolveFinished,
    call: undefined,
  };
  steps.push(entry);
  return entry.handle;
}

interface RunCallOptions {
  readonly request: ChatRequest;
  readonly steps: StepEntry[];
  readonly calls: ModelCallRecord[];
  readonly world: ModelWorld;
}

async function runCall({ request, steps, calls, world }: RunCallOptions): Promise<ChatResponse> {
  const entry = steps.find((candidate) => candidate.call === undefined && accepts(candidate, request));
  const record: MutableRecord = {
    index: calls.length,
    seq: 0,
    request,
    messages: snapshot([...(request.messages ?? [])]),
    tools: snapshot([...(request.tools ?? [])]),
    modelRef: request.model?.ref ?? '',
    step: entry?.handle.step,
    state: 'open',
    endSeq: undefined,
    response: undefined,
    error: undefined,
    get aborted() {
      return request.signal?.aborted ?? false;
    },
  };
  calls.push(record);
  if (entry !== undefined) entry.call = record;
  world.activity.record((seq) => {
    record.seq = seq;
  });
  entry?.resolveStarted(record);
  try {
    if (entry === undefined) {
      const error = new UnscriptedCallError(record.index, {
        scripted: steps.length,
        remaining: steps.filter((candidate) => candidate.call === undefined).length,
        lastUserMessage: lastUserMessage(record.messages),
      });
      world.faults.push({ kind: 'unscripted-call', message: error.message });
      throw error;
    }
    const response = await answer(entry.handle.step, request, world.ids);
    record.response = response;
    record.state = 'resolved';
    return response;
  } catch (error) {
    record.error = error;
    record.state = 'rejected';
    throw error;
  } finally {
    world.activity.record((seq) => {
      record.endSeq = seq;
    });
    entry?.resolveFinished(record);
  }
}

function accepts(entry: StepEntry, request: ChatRequest): boolean {
  return entry.handle.step.match === undefined || entry.handle.step.match(request);
}

async function answer(step: ModelStep, request: ChatRequest, ids: Ids): Promise<ChatResponse> {
  const signal = step.ignoresAbort === true ? undefined : request.signal;
  await abortable(Promise.resolve(), signal);
  if (step.untilAborted === true) await abortable(never(), signal);
  if (step.waitFor !== undefined) await abortable(step.waitFor.opened, signal);
  if (step.delayMs !== undefined) await delay(step.delayMs, signal);
  if (step.throws !== undefined) {
    if (Array.isArray(step.deltas)) stream(step, request);
    throw typeof step.throws === 'string' ? new ChatFailedError(step.throws) : step.throws;
  }
  stream(step, request);
  await abortable(Promise.resolve(), signal);
  const toolCalls: ToolCall[] = (step.toolCalls ?? []).map((call) => ({
    id: call.id ?? ids.next('call'),
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  return {
    content: step.text ?? '',
    toolCalls,
    ...(step.reasoning === undefined ? {} : { reasoning: step.reasoning }),
    ...(step.usage === undefined ? {} : { usage: step.usage }),
    finishReason: toolCalls.length > 0 ? 'tool-calls' : 'stop',
  };
}

function stream(step: ModelStep, request: ChatRequest): void {
  if (request.onDelta === undefined) return;
  if (step.reasoning !== undefined) request.onDelta({ type: 'reasoning', text: step.reasoning });
  const text = step.text ?? '';
  const deltas = step.deltas === false ? [] : (step.deltas ?? (text.length > 0 ? [text] : []));
  for (const delta of deltas) request.onDelta({ type: 'content', text: delta });
}

function delay(milliseconds: number, signal: AbortSignal | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = kitTimeout(resolve, milliseconds);
  });
  return abortable(elapsed, signal).finally(() => clearTimeout(timer));
}
