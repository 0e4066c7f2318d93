import {
  type ToolCallContext,
  type ToolDefinition,
  ToolExecutionError,
  type ToolInvocation,
  ToolNotFoundError,
  type ToolOutput,
  type ToolResult,
  type ToolsService,
  toToolResult,
} from '@aalis/api-tools';

/** A fake tool: its definition and what a call does. */
export interface FakeTool extends ToolDefinition {
  run(args: Record<string, unknown>, context: ToolCallContext): ToolOutput | Promise<ToolOutput>;
}

/** A tool service over fake tools that records every invocation and how many run at once. */
export class FakeTools implements Pick<ToolsService, 'listTools' | 'execute'> {
  readonly invocations: ToolInvocation[] = [];
  running = 0;
  mostRunning = 0;
  readonly #tools: Map<string, FakeTool>;

  constructor(tools: readonly FakeTool[]) {
    this.#tools = new Map(tools.map((tool) => [tool.name, tool]));
  }

  async listTools(): Promise<readonly ToolDefinition[]> {
    return [...this.#tools.values()].map(({ name, description, parameters }) => ({
      name,
      description,
      parameters,
    }));
  }

  async execute(invocation: ToolInvocation): Promise<ToolResult> {
    this.invocations.push(invocation);
    const tool = this.#tools.get(invocation.name);
    if (tool === undefined) throw new ToolNotFoundError(invocation.name);
    this.running += 1;
    this.mostRunning = Math.max(this.mostRunning, this.running);
    try {
      return toToolResult(await tool.run(invocation.args, invocation.toolCallContext));
    } catch (error) {
      throw new ToolExecutionError(invocation.name, { cause: error });
    } finally {
      this.running -= 1;
    }
  }
}

/** A tool taking `{ city: string }` that answers with a fixed text. */
export function weatherTool(run?: FakeTool['run']): FakeTool {
  return {
    name: 'weather',
    description: 'The weather in a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
    run: run ?? ((args) => `sunny in ${String(args.city)}`),
  };
}

/** A tool without arguments. */
export function clockTool(run?: FakeTool['run']): FakeTool {
  return {
    name: 'clock',
    description: 'The current time.',
    parameters: { type: 'object', properties: {} },
    run: run ?? (() => '12:00'),
  };
}
