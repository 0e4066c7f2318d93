import type { MessageActor } from '@aalis/schema-message';
import type { ActivityPrinter } from './create-activity-printer';
import type { AgentApp } from './create-agent-app';
import { formatTimeline } from './format-timeline';
import { formatToolListing } from './format-tool-listing';
import { formatUsageBars } from './format-usage-bars';
import type { ChatCommandName } from './parse-chat-line';
import type { TerminalOutput } from './terminal-output';

/** What a chat command works with. */
export interface ChatCommandContext {
  readonly app: AgentApp;
  readonly output: TerminalOutput;
  readonly printer: ActivityPrinter;
  readonly sessionId: string;
  readonly user: MessageActor;
}

const HELP = [
  '/stop        stop the running turn (/stop all: also drop the waiting messages)',
  '/clear       clear the history of this session',
  '/history     show the persisted history as turns',
  '/usage       show the token usage by part',
  '/tools       list the tools offered, built-in and from each MCP server',
  '/help        show this list',
  '/exit        leave (end of input, Ctrl-D, leaves once the running turn ended)',
  '//text       send a message that begins with "/"',
];

/**
 * Runs one slash command of the chat: `/stop` aborts the running turn as the user ([ABT-1],
 * [ABT-6]; `/stop all` also releases the waiting inputs, [ABT-3]), `/clear` clears the
 * session's history through the agent's `clearing` ([CLR-1]), `/history` prints the
 * persisted timeline, `/usage` asks for a usage snapshot ([USG-8]) and prints its parts as
 * bars ([USG-7]), `/tools` lists the tools offered and the MCP servers they come from, `/help`
 * lists the commands. `/exit` does nothing here.
 */
export async function runChatCommand(
  context: ChatCommandContext,
  command: ChatCommandName,
  argument: string,
): Promise<void> {
  const { app, output, sessionId } = context;
  switch (command) {
    case 'stop': {
      const queued = argument.toLowerCase() === 'all';
      const stopped = app.agent.abort(sessionId, {
        by: context.user,
        reason: '/stop',
        ...(queued ? { queued } : {}),
      });
      const released = queued ? ' (waiting messages dropped)' : '';
      output.line(
        output.style.yellow(`${stopped ? 'stopped the running turn' : 'no turn was running'}${released}`),
      );
      return;
    }
    case 'clear':
      await app.clearHistory([sessionId], { reason: '/clear' });
      output.line(output.style.yellow('history cleared'));
      return;
    case 'history':
      for (const line of formatTimeline(await app.store.timeline(sessionId), { style: output.style }))
        output.line(line);
      return;
    case 'usage':
      await printUsage(context);
      return;
    case 'tools': {
      const listing = {
        toolNames: app.tools.names(),
        servers: app.mcp?.servers() ?? [],
        style: output.style,
      };
      for (const line of formatToolListing(listing)) output.line(line);
      return;
    }
    case 'help':
      for (const line of HELP) output.line(line);
      return;
    case 'exit':
      return;
  }
}

async function printUsage({ app, output, printer, sessionId }: ChatCommandContext): Promise<void> {
  await app.events.emit('token:request', { sessionIds: [sessionId] });
  const usage = printer.lastUsage(sessionId);
  if (usage === undefined) {
    output.line('no token usage yet');
    return;
  }
  for (const line of formatUsageBars(usage, { style: output.style })) output.line(line);
}
