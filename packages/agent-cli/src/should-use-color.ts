/** What decides whether to use colour. */
export interface ColorChoice {
  /** The environment; a non-empty `NO_COLOR` turns colour off, `FORCE_COLOR` (not `0`) on. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** `false` for `--no-color`, `true` for `--color`, `undefined` when neither was given. */
  readonly flag?: boolean | undefined;
  /** Whether the output is a terminal. */
  readonly isTerminal: boolean;
}

/** Colour when asked for, else when the output is a terminal and `NO_COLOR` is not set (https://no-color.org). */
export function shouldUseColor(choice: ColorChoice): boolean {
  if (choice.flag !== undefined) return choice.flag;
  if ((choice.env.NO_COLOR ?? '') !== '') return false;
  const force = choice.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0';
  return choice.isTerminal;
}
