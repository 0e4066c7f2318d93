import type { Tool } from '@aalis/api-tools';
import { arithmeticTool } from './arithmetic-tool';
import { type ClockToolOptions, createClockTool } from './create-clock-tool';

/**
 * The safe tools `aalis-agent` offers: `clock` (reads the clock) and `arithmetic` (a parser,
 * never `eval`). Neither touches files, the network or the process.
 */
export function createBuiltInTools(options: ClockToolOptions = {}): Tool[] {
  return [createClockTool(options), arithmeticTool];
}
