import type { DemoContext } from './demo-context';

/**
 * Demo step: one message needs three tool calls, one of which fails; every call has its own
 * call id ([TID-3]) and the failure goes back to the model, which answers with what it got.
 */
export async function demoToolLoop(context: DemoContext): Promise<void> {
  context.section(
    'A tool loop',
    'The model asks for three tool calls at once; each gets its own call id. One fails (division by',
    'zero) and the failure goes back to the model with its call id; the next model call answers.',
  );
  await context.send('Compute 2*(3+4) and 1/0, then tell me the time in Asia/Tokyo.');
}
