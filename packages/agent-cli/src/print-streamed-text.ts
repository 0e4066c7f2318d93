import type { ActivityTurn } from './activity-turn';
import type { TerminalOutput } from './terminal-output';

/** The marks that tell streamed reasoning from the reply without colour. */
export interface StreamMarks {
  /** Before the reply: `aalis› `. */
  readonly reply: string;
  /** Before reasoning: `aalis (thinking)› `. */
  readonly thinking: string;
  /** Before each further line of reasoning: `… `. */
  readonly thinkingContinued: string;
}

/** One streamed piece of a turn's reply or reasoning. */
export interface StreamedText {
  readonly type: 'content' | 'reasoning';
  readonly text: string;
}

function writeReasoning(output: TerminalOutput, turn: ActivityTurn, text: string, mark: string): void {
  text.split('\n').forEach((line, index) => {
    if (index > 0) {
      output.write('\n');
      turn.reasoningAtLineStart = true;
    }
    if (line === '') return;
    if (turn.reasoningAtLineStart) output.write(mark);
    turn.reasoningAtLineStart = false;
    output.write(output.style.dim(line));
  });
}

/**
 * Writes a streamed piece: reply text after the reply mark, reasoning on lines of its own —
 * its first after the thinking mark, every further one after the continuation mark — so the
 * two stay apart without colour (reasoning is also dimmed). A mark is written whenever the
 * kind of text changes or another line came in between. Text of a turn the printer does not
 * know is written as is.
 */
export function printStreamedText(
  output: TerminalOutput,
  turn: ActivityTurn | undefined,
  piece: StreamedText,
  marks: StreamMarks,
): void {
  if (turn === undefined) {
    output.write(piece.type === 'reasoning' ? output.style.dim(piece.text) : piece.text);
    return;
  }
  if (turn.stream !== piece.type) {
    output.endLine();
    output.write(piece.type === 'reasoning' ? marks.thinking : marks.reply);
    turn.stream = piece.type;
    turn.reasoningAtLineStart = false;
  }
  if (piece.type === 'reasoning') {
    writeReasoning(output, turn, piece.text, marks.thinkingContinued);
    return;
  }
  turn.streamedReply = true;
  output.write(piece.text);
}
