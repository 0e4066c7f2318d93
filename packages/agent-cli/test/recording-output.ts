import { createTerminalOutput, type TerminalOutput } from '../src/terminal-output';

/** A terminal output that records everything written and lets a test wait for text to appear. */
export interface RecordingOutput {
  readonly output: TerminalOutput;
  /** Everything written so far. */
  text(): string;
  /** Resolves once the written text matches `pattern` (checked on every write). */
  waitFor(pattern: RegExp): Promise<string>;
}

/** Makes a {@link RecordingOutput} without colour. */
export function createRecordingOutput(): RecordingOutput {
  let text = '';
  const waiters: { readonly pattern: RegExp; readonly resolve: (text: string) => void }[] = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      if (!waiter.pattern.test(text)) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(text);
    }
  };
  const output = createTerminalOutput({
    sink: {
      write: (chunk: string) => {
        text += chunk;
        check();
      },
    },
  });
  return {
    output,
    text: () => text,
    waitFor: (pattern) =>
      new Promise((resolve) => {
        waiters.push({ pattern, resolve });
        check();
      }),
  };
}
