import { CliUsageError } from './cli-usage-error';

/**
 * Splits a command line the way a POSIX shell splits words, without running a shell: blanks
 * separate words; single quotes keep everything literally; double quotes keep blanks, with `\`
 * escaping `"`, `\`, `$` and `` ` ``; outside quotes `\` keeps the next character. No variables,
 * globs or pipes are expanded — the words start the program directly. Linear in the length
 * of the line. Throws `CliUsageError` for an unclosed quote or an empty command.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word: string[] | undefined;
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index] as string;
    if (quote === "'") {
      if (character === "'") quote = undefined;
      else word?.push(character);
    } else if (quote === '"') {
      if (character === '"') quote = undefined;
      else if (character === '\\' && /["\\$`]/.test(line[index + 1] ?? '')) {
        index += 1;
        word?.push(line[index] as string);
      } else word?.push(character);
    } else if (/\s/.test(character)) {
      if (word !== undefined) words.push(word.join(''));
      word = undefined;
    } else {
      word ??= [];
      if (character === "'" || character === '"') quote = character;
      else if (character === '\\' && index + 1 < line.length) {
        index += 1;
        word.push(line[index] as string);
      } else word.push(character);
    }
  }
  if (quote !== undefined) throw new CliUsageError(`unclosed ${quote} in the command "${line}"`);
  if (word !== undefined) words.push(word.join(''));
  if (words.length === 0) throw new CliUsageError('an MCP server command needs a program');
  return words;
}
