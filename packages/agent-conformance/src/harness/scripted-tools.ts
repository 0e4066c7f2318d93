import {
  type JsonSchema,
  type Tool,
  ToolArgumentsError,
  type ToolDefinition,
  ToolExecutionError,
  type ToolInvocation,
  ToolNotFoundError,
  type ToolResult,
  type ToolsService,
  toToolResult,
} from '@aalis/api-tools';
import { abortable, never } from './abortable';
import { type Activity, createActivity } from './activity';
import type { ToolCallRecord } from './tool-call-record';
import type { ToolStep } from './tool-step';

/** A scripted tool as a case defines it. */
export interface ScriptedToolDefinition {
  readonly name: string;
  readonly description?: string;
  /** JSON schema of the arguments. Default: an object schema with no required keys. */
  readonly parameters?: JsonSchema;
  /** One step per call, in order; once used up, `fallback` answers. */
  readonly steps?: readonly ToolStep[];
  /** What calls beyond `steps` do. Default: return `<name>: ok`. */
  readonly fallback?: ToolStep;
}

/** A defined tool and the calls it received. */
export interface ScriptedToolHandle {
  readonly name: string;
  readonly calls: readonly ToolCallRecord[];
  /** Resolves when the tool's `n`-th call (0-based) starts. */
  started(n?: number): Promise<ToolCallRecord>;
}

/** The scripted tools of a harness: the `tools` provider and the case's control over it. */
export interface ScriptedTools {
  /** The `tools` provider. */
  readonly service: ToolsService;
  /** Every `execute` call, in order. */
  readonly calls: readonly ToolCallRecord[];
  /** Defines (or replaces) a tool. */
  define(definition: ScriptedToolDefinition): ScriptedToolHandle;
  /** How many calls have not ended. */
  openCalls(): number;
}

type MutableRecord = { -readonly [TKey in keyof ToolCallRecord]: ToolCallRecord[TKey] };

interface ToolEntry {
  readonly definition: ToolDefinition;
  readonly run: (invocation: ToolInvocation, callIndex: number) => Promise<ToolResult>;
  readonly calls: ToolCallRecord[];
}

/** Options of {@link createScriptedTools}. */
export interface ScriptedToolsOptions {
  /** Tools to define at once (the same as calling `define` for each). */
  readonly tools?: readonly ScriptedToolDefinition[];
  /** The sequence shared with other fakes, to compare the order of their actions. Default: its own. */
  readonly activity?: Activity;
}

/**
 * Creates scripted tools: a `ToolsService` whose tools answer from their scripts and record
 * every `execute`. `execute` rejects with `ToolNotFoundError` for a name not defined,
 * `ToolArgumentsError` when a required argument is missing, and `ToolExecutionError` when the
 * step throws or its signal aborts, or a tool added with `registerTool` throws. The harness's `tools`, and a fake for your own tests
 * (`@aalis/agent-conformance/testing`).
 */
export function createScriptedTools(options: ScriptedToolsOptions = {}): ScriptedTools {
  const activity = options.activity ?? createActivity();
  const entries = new Map<string, ToolEntry>();
  const calls: ToolCallRecord[] = [];
  const service: ToolsService = {
    listTools: async () => [...entries.values()].map((entry) => entry.definition),
    execute: (invocation) => execute({ invocation, entries, calls, activity }),
    registerTool: (tool: Tool) => {
      const entry: ToolEntry = {
        definition: { name: tool.name, description: tool.description, parameters: tool.parameters },
        run: (invocation) => runRegistered(tool, invocation),
        calls: [],
      };
      entries.set(tool.name, entry);
      return () => {
        if (entries.get(tool.name) === entry) entries.delete(tool.name);
      };
    },
  };
  const define = (definition: ScriptedToolDefinition) => defineTool({ definition, entries, activity });
  for (const definition of options.tools ?? []) define(definition);
  return {
    service,
    calls,
    define,
    openCalls: () => calls.filter((call) => call.state === 'open').length,
  };
}

function defineTool(options: {
  readonly definition: ScriptedToolDefinition;
  readonly entries: Map<string, ToolEntry>;
  readonly activity: Activity;
}): ScriptedToolHandle {
  const { definition, activity } = options;
  const entry: ToolEntry = {
    definition: {
      name: definition.name,
      description: definition.description ?? `The scripted tool ${definition.name}.`,
      parameters: definition.parameters ?? { type: 'object', properties: {} },
    },
    run: (invocation, callIndex) => {
      const step = definition.steps?.[callIndex] ?? definition.fallback ?? {};
      const signal = step.ignoresAbort === true ? undefined : invocation.toolCallContext.signal;
      return runStep(definition.name, step, signal);
    },
    calls: [],
  };
  options.entries.set(definition.name, entry);
  return {
    name: definition.name,
    calls: entry.calls,
    started: (n = 0) =>
      activity.waits.label(
        activity.until(() => entry.calls[n] !== undefined).then(() => entry.calls[n]!),
        `call #${n + 1} of the tool ${definition.name} to start`,
      ),
  };
}

/** Runs a registered tool as a tools service must: a throw becomes a `ToolExecutionError`. */
async function runRegistered(tool: Tool, invocation: ToolInvocation): Promise<ToolResult> {
  try {
    return toToolResult(await tool.execute(invocation.args, invocation.toolCallContext));
  } catch (error) {
    throw new ToolExecutionError(tool.name, { cause: error });
  }
}

async function runStep(name: string, step: ToolStep, signal: AbortSignal | undefined): Promise<ToolResult> {
  const aborted = (reason: unknown) => new ToolExecutionError(name, { cause: reason });
  if (step.untilAborted === true) await abortable(never(), signal, aborted);
  if (step.waitFor !== undefined) await abortable(step.waitFor.opened, signal, aborted);
  if (step.throws !== undefined) {
    const cause = typeof step.throws === 'string' ? new Error(step.throws) : step.throws;
    throw new ToolExecutionError(name, { cause });
  }
  return toToolResult(step.result ?? `${name}: ok`);
}

async function execute(options: {
  readonly invocation: ToolInvocation;
  readonly entries: Map<string, ToolEntry>;
  readonly calls: ToolCallRecord[];
  readonly activity: Activity;
}): Promise<ToolResult> {
  const { invocation, entries, calls, activity } = options;
  const entry = entries.get(invocation.name);
  const record: MutableRecord = {
    index: calls.length,
    seq: 0,
    name: invocation.name,
    args: invocation.args,
    context: invocation.toolCallContext,
    state: 'open',
    endSeq: undefined,
    result: undefined,
    error: undefined,
  };
  calls.push(record);
  const callIndex = entry?.calls.length ?? 0;
  entry?.calls.push(record);
  activity.record((seq) => {
    record.seq = seq;
  });
  try {
    if (entry === undefined) throw new ToolNotFoundError(invocation.name);
    checkArguments(entry.definition, invocation);
    const result = await entry.run(invocation, callIndex);
    record.result = result;
    record.state = 'resolved';
    return result;
  } catch (error) {
    record.error = error;
    record.state = 'rejected';
    throw error;
  } finally {
    activity.record((seq) => {
      record.endSeq = seq;
    });
  }
}

function checkArguments(definition: ToolDefinition, invocation: ToolInvocation): void {
  const args: unknown = invocation.args;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    throw new ToolArgumentsError({ toolName: definition.name, problems: ['(root): must be an object'] });
  }
  const missing = (definition.parameters.required ?? []).filter((key) => !(key in args));
  if (missing.length > 0) {
    const problems = missing.map((key) => `${key}: required`);
    throw new ToolArgumentsError({ toolName: definition.name, problems });
  }
}
