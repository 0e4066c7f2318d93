import type { MessageSource } from '@aalis/schema-message';
import type { ActivityPrinter } from './create-activity-printer';
import type { AgentApp } from './create-agent-app';
import type { TerminalOutput } from './terminal-output';

/** What every step of the demo works with. */
export interface DemoContext {
  readonly app: AgentApp;
  readonly output: TerminalOutput;
  readonly printer: ActivityPrinter;
  readonly sessionId: string;
  /** Prints an input as if typed, hands it to the agent and returns its `handleMessage` promise. */
  send(content: string, source?: MessageSource): Promise<void>;
  /** Prints a numbered section heading and its explanation. */
  section(title: string, ...explanation: string[]): void;
}

/** The person the demo types as. */
export const DEMO_USER = { id: 'demo-user', name: 'You' } as const;

/** Makes the {@link DemoContext} of one demo run. */
export function createDemoContext(options: {
  readonly app: AgentApp;
  readonly output: TerminalOutput;
  readonly printer: ActivityPrinter;
  readonly sessionId: string;
}): DemoContext {
  const { app, output, sessionId } = options;
  let sections = 0;
  return {
    ...options,
    send(content, source) {
      const who = source === undefined ? 'you' : `[${source.kind}]`;
      output.line(`${output.style.bold(output.style.cyan(`${who}›`))} ${content}`);
      return app.agent.handleMessage({
        content,
        sessionId,
        platform: 'cli',
        userId: DEMO_USER.id,
        nickname: DEMO_USER.name,
        ...(source === undefined ? { actor: { ...DEMO_USER } } : { source }),
      });
    },
    section(title, ...explanation) {
      sections += 1;
      output.line();
      output.line(output.style.bold(`━━ ${sections}. ${title}`));
      for (const line of explanation) output.line(output.style.dim(line));
      output.line();
    },
  };
}
