import type { ChatRequest } from '@aalis/api-llm';
import { callKey } from './call-key';
import { type DemoIntent, findDemoIntents } from './demo-intents';
import { type Exchange, readExchange } from './read-exchange';

/** A tool call the demo model asks for. */
export interface PlannedCall {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

/** What the demo model answers to one request. */
export type DemoPlan =
  | { readonly kind: 'tools'; readonly text: string; readonly calls: readonly PlannedCall[] }
  | { readonly kind: 'reply'; readonly text: string; readonly slow: boolean };

const STORY =
  'Once upon a time, in a terminal far away, a small agent waited for messages. Each one arrived, ' +
  'was queued, and was answered in turn. One day a message asked for a very long story, and the ' +
  'agent began to tell it, word by word, slowly enough for anyone to press stop. It went on about ' +
  'sessions and turns, about tools that told the time and tools that did sums, about a history kept ' +
  'safe in a little database, and about markers that remembered where a story had been cut short. ' +
  'And it would have gone on and on, had nobody stopped it.';

/**
 * Decides the demo model's answer from the request alone (so the same request always gets
 * the same answer): tool calls for what the unanswered user messages need and the offered
 * tools can give, else a reply that uses the tool results.
 */
export function planDemoResponse(request: ChatRequest): DemoPlan {
  const exchange = readExchange(request.messages);
  const intents = exchange.userTexts.flatMap(findDemoIntents);
  const offered = new Set((request.tools ?? []).map((tool) => tool.name));
  const made = new Set(exchange.calls.map((call) => call.key));
  const missing = new Map<string, PlannedCall>();
  for (const call of intents.flatMap(toolCallOf)) {
    const key = callKey(call.name, call.args);
    if (offered.has(call.name) && !made.has(key)) missing.set(key, call);
  }
  if (missing.size > 0) {
    const calls = [...missing.values()];
    const names = [...new Set(calls.map((call) => call.name))];
    return { kind: 'tools', text: `One moment, using ${names.join(' and ')}.`, calls };
  }
  const sentences = intents.map((intent) => sentenceFor(intent, exchange));
  if (sentences.length === 0) sentences.push('Is there anything else I can do?');
  if (exchange.afterStop) sentences.unshift('(My previous reply was stopped before it finished.)');
  return {
    kind: 'reply',
    text: sentences.join(' '),
    slow: intents.some((intent) => intent.kind === 'story'),
  };
}

function toolCallOf(intent: DemoIntent): PlannedCall[] {
  if (intent.kind === 'clock') {
    return [{ name: 'clock', args: intent.timeZone === undefined ? {} : { timeZone: intent.timeZone } }];
  }
  if (intent.kind === 'arithmetic') return [{ name: 'arithmetic', args: { expression: intent.expression } }];
  return [];
}

function sentenceFor(intent: DemoIntent, exchange: Exchange): string {
  switch (intent.kind) {
    case 'clock': {
      const result = resultOf(exchange, toolCallOf(intent)[0]);
      return result === undefined ? 'I would need the clock tool to tell the time.' : `It is ${result}.`;
    }
    case 'arithmetic': {
      const result = resultOf(exchange, toolCallOf(intent)[0]);
      if (result === undefined) return `I would need the arithmetic tool for ${intent.expression}.`;
      return /^-?\d/.test(result)
        ? `${intent.expression} = ${result}.`
        : `I could not compute ${intent.expression} (${result}).`;
    }
    case 'story':
      return STORY;
    case 'greeting':
      return 'Hello! I am the scripted demo model of aalis-agent.';
    case 'reminder':
      return `Reminder noted: ${intent.text}`;
    case 'chat':
      return `You said: "${intent.text}". I am a scripted model: ask me the time, a sum like 12*7, or for a story.`;
  }
}

function resultOf(exchange: Exchange, call: PlannedCall | undefined): string | undefined {
  if (call === undefined) return undefined;
  const key = callKey(call.name, call.args);
  return exchange.calls.find((made) => made.key === key)?.result;
}
