import { AgentCliError } from './agent-cli-error';

/** `DEMO_STEP_FAILED`: a step of the demo did not happen (e.g. an expected event never came within its deadline). */
export class DemoStepError extends AgentCliError {
  static override readonly code = 'DEMO_STEP_FAILED';

  constructor(message: string, options: { readonly cause?: unknown } = {}) {
    super(message, { code: DemoStepError.code, cause: options.cause });
  }
}
