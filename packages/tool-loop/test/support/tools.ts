import type { ScriptedToolDefinition, ToolStep } from '@aalis/agent-conformance/testing';

/** A tool taking `{ city: string }`; its calls take `steps` in order, then answer `weather: ok`. */
export function weatherTool(steps: readonly ToolStep[] = []): ScriptedToolDefinition {
  return {
    name: 'weather',
    description: 'The weather in a city.',
    parameters: {
      type: 'object',
      properties: { city: { type: 'string' } },
      required: ['city'],
      additionalProperties: false,
    },
    steps,
  };
}

/** A tool without arguments; its calls take `steps` in order, then answer `12:00`. */
export function clockTool(steps: readonly ToolStep[] = []): ScriptedToolDefinition {
  return {
    name: 'clock',
    description: 'The current time.',
    parameters: { type: 'object', properties: {} },
    steps,
    fallback: { result: '12:00' },
  };
}
