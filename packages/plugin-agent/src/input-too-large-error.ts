import { AgentError } from './agent-error';

/**
 * `AGENT_INPUT_TOO_LARGE`: an input's text is longer than `maxInputChars` ([LIV-3]). It is
 * logged, never thrown: the input is not processed and the sender gets a `[系统]` notice.
 */
export class InputTooLargeError extends AgentError {
  static override readonly code = 'AGENT_INPUT_TOO_LARGE';
  readonly sessionId: string;
  /** The input's length in UTF-16 code units (`String.length`). */
  readonly characters: number;
  readonly limit: number;

  constructor(options: { readonly sessionId: string; readonly characters: number; readonly limit: number }) {
    super(
      `input of ${options.characters} characters in session ${options.sessionId} is over the limit of ${options.limit}`,
      { code: InputTooLargeError.code },
    );
    this.sessionId = options.sessionId;
    this.characters = options.characters;
    this.limit = options.limit;
  }
}
