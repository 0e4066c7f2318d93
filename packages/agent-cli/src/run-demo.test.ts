import { describe, expect, it } from 'vitest';
import { createRecordingOutput } from '../test/recording-output';
import { runDemo } from './index';

async function demoText(): Promise<string> {
  const recording = createRecordingOutput();
  await runDemo({ output: recording.output, storyChunkDelayMs: 1 });
  return recording.text();
}

describe('runDemo', () => {
  it('[SCH-2] [SCH-4] [TID-3] [ARC-9] [USG-7] [CLR-2] tours queueing, tools, stopping, usage, the timeline and clearing', async () => {
    const text = await demoText();
    // A human input joins the running turn; the reminder waits and opens its own turn.
    expect(text).toContain('· waiting: "And what is 12*7?", [reminder] "Reminder: stretch your legs."');
    expect(text).toContain('· "And what is 12*7?" joined turn-1');
    expect(text).toContain('· turn-1 replied (2 inputs, 3 model calls)');
    expect(text).toContain('· turn-2 starts with [reminder] "Reminder: stretch your legs."');
    // Tool calls with their call ids, a failing one fed back.
    expect(text).toContain('  ⚙ clock {} [call-1]');
    expect(text).toContain('  ↳ [call-1] 2025-06-01 09:30:00 UTC');
    expect(text).toContain('  ⚙ arithmetic {"expression":"12*7"} [call-2]');
    expect(text).toContain('  ↳ [call-5] error: division by zero at position 1');
    expect(text).toContain('aalis› It is 2025-06-01 09:30:00 UTC. 12*7 = 84.');
    // The stopped turn, its stop marker, and the next model call noticing it.
    expect(text).toContain('aalis› Once upon a \n/stop → abort() returned true');
    expect(text).toContain('· turn-4 aborted (1 input, 0 model calls)');
    expect(text).toContain('· the reason is only in the log: "demo: stop after three words"');
    expect(text).toContain('aalis› (My previous reply was stopped before it finished.)');
    // Token usage as bars, one line per part.
    expect(text).toMatch(
      /usage: \d+ of 16,384 tokens \(\d+\.\d%\) · \d+ history messages · demo\/scripted\n/,
    );
    expect(text).toMatch(/\n {2}System prompt +█+ +\d+\n/);
    expect(text).toMatch(/\n {2}Tool definitions +█+ +\d+\n/);
    // The persisted timeline.
    expect(text).toContain('turn turn-1 · replied\n  ▸ opened: You › What time is it?');
    expect(text).toContain('  ▸ joined: You › And what is 12*7?');
    expect(text).toContain('turn turn-2 · replied · source reminder');
    expect(text).toContain(
      '  ⚙ arithmetic {"expression":"1/0"} [call-5] → error: division by zero at position 1',
    );
    expect(text).toContain(
      'turn turn-4 · aborted\n  ▸ opened: You › Tell me a long story.\n  ■ stop marker: stopped by You',
    );
    // Clearing, with the message that waited during the hold answered afterwards.
    expect(text).toMatch(/\/clear \(the history holds \d+ messages\)/);
    expect(text).toContain('history now: 2 messages (the message that waited, and its reply)');
    expect(text).toContain('Done: 6 turns, 5 tool calls.');
  });

  it('prints the same on every run', async () => {
    expect(await demoText()).toBe(await demoText());
  });
});
