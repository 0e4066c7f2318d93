/** The slash commands of `aalis-agent chat`. */
export const CHAT_COMMANDS = ['stop', 'clear', 'history', 'usage', 'tools', 'help', 'exit'] as const;

/** One of {@link CHAT_COMMANDS}. */
export type ChatCommandName = (typeof CHAT_COMMANDS)[number];

/** What one typed line means. */
export type ChatLine =
  | { readonly type: 'empty' }
  | { readonly type: 'message'; readonly text: string }
  | { readonly type: 'command'; readonly command: ChatCommandName; readonly argument: string }
  | { readonly type: 'unknown-command'; readonly name: string };

const ALIASES: Readonly<Record<string, ChatCommandName>> = { quit: 'exit', '?': 'help' };

/**
 * Reads one line typed in the chat: blank is `empty`; `/name argument` is a command (names
 * are case-insensitive, `/quit` is `/exit`, `/?` is `/help`); an unknown `/name` is
 * `unknown-command`; `//text` sends `/text` as a message; anything else is a message (kept
 * as typed, without surrounding blanks).
 */
export function parseChatLine(line: string): ChatLine {
  const text = line.trim();
  if (text === '') return { type: 'empty' };
  if (text.startsWith('//')) return { type: 'message', text: text.slice(1) };
  if (!text.startsWith('/')) return { type: 'message', text };
  const [, rawName = '', argument = ''] = /^\/(\S*)\s*([\s\S]*)$/.exec(text) ?? [];
  const name = rawName.toLowerCase();
  const command = ALIASES[name] ?? CHAT_COMMANDS.find((candidate) => candidate === name);
  if (command === undefined) return { type: 'unknown-command', name: rawName };
  return { type: 'command', command, argument: argument.trim() };
}
