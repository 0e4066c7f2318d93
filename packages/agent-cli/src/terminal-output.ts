/** Where text goes: a writable stream, or anything with `write(text)`. */
export interface TextSink {
  write(text: string): unknown;
}

/** Text styles; each returns the text unchanged when colour is off. */
export interface TextStyles {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly cyan: (text: string) => string;
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly red: (text: string) => string;
  readonly magenta: (text: string) => string;
}

/** Plain-text output for a terminal, aware of partly written lines (streamed replies). */
export interface TerminalOutput {
  /** Whether styles emit ANSI colour codes. */
  readonly color: boolean;
  readonly style: TextStyles;
  /** Writes text as is (a streamed piece of a line). */
  write(text: string): void;
  /** Ends the current line if something was written on it. */
  endLine(): void;
  /** Writes one whole line, first ending a partly written one. */
  line(text?: string): void;
}

/** Options of {@link createTerminalOutput}. */
export interface TerminalOutputOptions {
  readonly sink: TextSink;
  /** Colour on or off. Default off. */
  readonly color?: boolean;
}

const ANSI: Readonly<Record<keyof TextStyles, readonly [number, number]>> = {
  bold: [1, 22],
  dim: [2, 22],
  cyan: [36, 39],
  green: [32, 39],
  yellow: [33, 39],
  red: [31, 39],
  magenta: [35, 39],
};

/** Makes a {@link TerminalOutput} writing to `sink`. */
export function createTerminalOutput(options: TerminalOutputOptions): TerminalOutput {
  const color = options.color ?? false;
  const style = Object.fromEntries(
    Object.entries(ANSI).map(([name, [open, close]]) => [
      name,
      (text: string) => (color && text !== '' ? `\u001b[${open}m${text}\u001b[${close}m` : text),
    ]),
  ) as unknown as TextStyles;
  let atLineStart = true;
  const write = (text: string) => {
    if (text === '') return;
    options.sink.write(text);
    atLineStart = text.endsWith('\n');
  };
  const endLine = () => {
    if (!atLineStart) write('\n');
  };
  return {
    color,
    style,
    write,
    endLine,
    line: (text = '') => {
      endLine();
      write(`${text}\n`);
    },
  };
}
