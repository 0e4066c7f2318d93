import type { EventBus, EventMap, EventName } from '@aalis/core';
import { DemoStepError } from './demo-step-error';

/** Options of {@link waitForEvent}. */
export interface WaitForEventOptions<TName extends EventName> {
  readonly events: EventBus;
  readonly name: TName;
  /** Which event to wait for; default the first. */
  readonly accept?: (payload: EventMap[TName]) => boolean;
  /** What is awaited, for the error message. */
  readonly what: string;
  /** How long to wait before failing with `DemoStepError`. Default 10,000 ms. */
  readonly timeoutMs?: number;
}

/**
 * Resolves with the first `name` event `accept` takes, registered at once (so an event
 * emitted right after the call is seen). Rejects with `DemoStepError` when none came within
 * the deadline, so a demo never hangs.
 */
export function waitForEvent<TName extends EventName>(
  options: WaitForEventOptions<TName>,
): Promise<EventMap[TName]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      dispose();
      reject(new DemoStepError(`${options.what} did not happen within ${options.timeoutMs ?? 10_000} ms`));
    }, options.timeoutMs ?? 10_000);
    const dispose = options.events.on(options.name, (payload) => {
      if (options.accept !== undefined && !options.accept(payload)) return;
      clearTimeout(timer);
      dispose();
      resolve(payload);
    });
  });
}
