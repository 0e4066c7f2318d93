/**
 * Where the assembler reports contributions it left out of a call. `details` carries the
 * contribution's `key`, the `reason` and the `error`.
 */
export interface PromptAssemblerLogger {
  warn(message: string, details: Readonly<Record<string, unknown>>): void;
}
