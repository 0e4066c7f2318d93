import { PassThrough } from 'node:stream';
import type { Tool } from '@aalis/api-tools';
import { afterEach, describe, expect, it } from 'vitest';
import { createRecordingOutput, type RecordingOutput } from '../test/recording-output';
import {
  type EndpointReply,
  type ScriptedEndpoint,
  startScriptedEndpoint,
  streamOf,
} from '../test/scripted-endpoint';
import { type AgentApp, createAgentApp, createBuiltInTools, runChat } from './index';

const NOON = Date.parse('2025-06-01T12:00:00Z');
const apps: AgentApp[] = [];
const endpoints: ScriptedEndpoint[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.stop()));
  await Promise.all(endpoints.splice(0).map((endpoint) => endpoint.close()));
});

/** A chat on a local OpenAI-compatible endpoint that answers with `replies`, the built-in tools offered. */
async function setUpWithEndpoint(replies: readonly EndpointReply[]) {
  const endpoint = await startScriptedEndpoint(replies);
  endpoints.push(endpoint);
  const recording = createRecordingOutput();
  let calls = 0;
  const app = createAgentApp({
    dbPath: ':memory:',
    output: recording.output,
    model: { baseURL: endpoint.baseURL, models: [{ name: 'test-model' }], maxRetries: 0 },
    tools: createBuiltInTools({ now: () => NOON }),
    agent: { createTurnId: () => 'turn-1', createCallId: () => `call-${++calls}` },
  });
  apps.push(app);
  const input = new PassThrough();
  const done = runChat({ app, input, output: recording.output, sessionId: 'chat', sequential: false });
  return { recording, input, done, type: (line: string) => input.write(`${line}\n`) };
}

function setUp(options: { readonly tools?: readonly Tool[]; readonly sequential?: boolean } = {}) {
  const recording: RecordingOutput = createRecordingOutput();
  let turns = 0;
  let calls = 0;
  const app = createAgentApp({
    dbPath: ':memory:',
    output: recording.output,
    tools: options.tools ?? createBuiltInTools({ now: () => NOON }),
    demoModel: { storyChunkDelayMs: 60_000 },
    agent: { createTurnId: () => `turn-${++turns}`, createCallId: () => `call-${++calls}` },
  });
  apps.push(app);
  const input = new PassThrough();
  const done = runChat({
    app,
    input,
    output: recording.output,
    sessionId: 'chat',
    user: { id: 'ann', name: 'Ann' },
    ...(options.sequential === undefined ? {} : { sequential: options.sequential }),
  });
  return { app, recording, input, done, type: (line: string) => input.write(`${line}\n`) };
}

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('runChat', () => {
  it('answers piped lines one turn at a time and shows /history and /usage once they ended', async () => {
    const { recording, input, done, type } = setUp();
    type('what is 12*7?');
    type('/history');
    type('/usage');
    input.end();
    await done;
    const text = recording.text();
    expect(text).toContain('you› what is 12*7?');
    expect(text).toContain('  ⚙ arithmetic {"expression":"12*7"} [call-1]');
    expect(text).toContain('  ↳ [call-1] 84');
    expect(text).toContain('aalis› 12*7 = 84.');
    expect(text).toContain('· turn-1 replied (1 input, 2 model calls)');
    const history = text.slice(text.indexOf('turn turn-1 · replied'));
    expect(history).toContain('  ▸ opened: Ann › what is 12*7?');
    expect(history).toContain('  ⚙ arithmetic {"expression":"12*7"} [call-1] → 84');
    expect(text).toMatch(/usage: \d+ of 16,384 tokens .* · snapshot\n/);
    expect(text).toMatch(/ {2}Tool definitions +█+ +\d+\n/);
  });

  it('[ABT-1] /stop stops the reply that is streaming, and the history keeps a stop marker', async () => {
    const { recording, input, done, type } = setUp({ sequential: false });
    type('Tell me a long story');
    await recording.waitFor(/aalis› Once /);
    type('/stop');
    await recording.waitFor(/turn-1 aborted/);
    type('/history');
    await recording.waitFor(/stop marker: stopped by Ann/);
    input.end();
    await done;
    expect(recording.text()).toContain('stopped the running turn');
  });

  it('[SCH-2] a message typed while a turn runs joins that turn before its next model call', async () => {
    const clockStarted = deferred();
    const release = deferred();
    const [clock, arithmetic] = createBuiltInTools({ now: () => NOON });
    const gatedClock: Tool = {
      ...(clock as Tool),
      execute: async (args, context) => {
        clockStarted.resolve();
        await release.promise;
        return (clock as Tool).execute(args, context);
      },
    };
    const { recording, input, done, type } = setUp({
      tools: [gatedClock, arithmetic as Tool],
      sequential: false,
    });
    type('What time is it?');
    await clockStarted.promise;
    type('And 12*7?');
    await recording.waitFor(/waiting: "And 12\*7\?"/);
    release.resolve();
    await recording.waitFor(/turn-1 replied/);
    input.end();
    await done;
    const text = recording.text();
    expect(text).toContain('· "And 12*7?" joined turn-1');
    expect(text).toContain('aalis› It is 2025-06-01 12:00:00 UTC. 12*7 = 84.');
    expect(text).toContain('· turn-1 replied (2 inputs, 3 model calls)');
  });

  it('[CLR-1] /clear empties the history of the session', async () => {
    const { app, recording, input, done, type } = setUp();
    type('hello');
    type('/clear');
    type('/history');
    input.end();
    await done;
    expect(recording.text()).toMatch(/history cleared\n\(no history\)\n/);
    expect(await app.store.countHistory('chat')).toBe(0);
  });

  it('lists the commands with /help, points at it for an unknown command, says when /stop had nothing to stop', async () => {
    const { recording, input, done, type } = setUp();
    type('/help');
    type('/teleport');
    type('');
    type('/stop');
    input.end();
    await done;
    const text = recording.text();
    expect(text).toContain('/stop        stop the running turn');
    expect(text).toContain('no turn was running');
    expect(text).toContain('unknown command /teleport; /help lists the commands');
  });

  it('[DRN-1] /exit leaves at once; stopping the app then ends the running turn', async () => {
    const { app, recording, done, type } = setUp({ sequential: false });
    type('Tell me a story');
    await recording.waitFor(/aalis› Once /);
    type('/exit');
    type('hello');
    await done;
    expect(recording.text()).not.toContain('you› hello');
    await app.stop();
    expect(app.sessions.getSession('chat')?.lastTurn?.outcome).toBe('aborted');
  });

  it('shows a call of a tool nobody offers, with its error result, while the turn still runs', async () => {
    const answerAfterTools = deferred();
    const { recording, input, done, type } = await setUpWithEndpoint([
      {
        body: streamOf([
          {
            delta: {
              tool_calls: [
                {
                  index: 0,
                  id: 'w1',
                  type: 'function',
                  function: { name: 'weather', arguments: '{"city":"Paris"}' },
                },
              ],
            },
          },
          { delta: {}, finish_reason: 'tool_calls' },
        ]),
      },
      {
        body: streamOf([{ delta: { content: 'I cannot check the weather.' }, finish_reason: 'stop' }]),
        after: answerAfterTools.promise,
      },
    ]);
    type('Weather in Paris?');
    const shown = await recording.waitFor(/↳ \[call-1\] Error: there is no tool named "weather"/);
    expect(shown).toContain(
      '  ⚙ weather {"city":"Paris"} [call-1]\n  ↳ [call-1] Error: there is no tool named',
    );
    expect(shown).not.toContain('turn-1 replied');
    answerAfterTools.resolve();
    await recording.waitFor(/turn-1 replied/);
    input.end();
    await done;
    expect(recording.text()).toContain('aalis› I cannot check the weather.');
  });

  it('prints streamed reasoning after its own prefix, apart from the reply', async () => {
    const { recording, input, done, type } = await setUpWithEndpoint([
      {
        body: streamOf([
          { delta: { role: 'assistant', content: null, reasoning_content: 'A greeting.' } },
          { delta: { reasoning_content: '\nAnswer briefly.' } },
          { delta: { content: 'Hello!' } },
          { delta: {}, finish_reason: 'stop' },
        ]),
      },
    ]);
    type('hi');
    await recording.waitFor(/turn-1 replied/);
    input.end();
    await done;
    expect(recording.text()).toContain('aalis (thinking)› A greeting.\n… Answer briefly.\naalis› Hello!\n');
  });
});
