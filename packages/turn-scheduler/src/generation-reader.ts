import { GenerationReadError } from './generation-read-error';
import type { TurnSchedulerError } from './turn-scheduler-error';

/**
 * Reads session generations for the check before hand-over [DEL-2]. A generation that
 * cannot be read (throws, rejects, not a number) is reported and reads as `NaN`, which
 * equals nothing, so the input counts as of another generation.
 */
export class GenerationReader {
  constructor(
    private readonly generationOf: (sessionId: string) => number | Promise<number>,
    private readonly report: (error: TurnSchedulerError) => void,
  ) {}

  read(sessionId: string): number | Promise<number> {
    try {
      const value = this.generationOf(sessionId);
      if (typeof value === 'number') return value;
      return Promise.resolve(value).then(
        (resolved) => this.valid(sessionId, resolved),
        (error: unknown) => this.failed(sessionId, error),
      );
    } catch (error) {
      return this.failed(sessionId, error);
    }
  }

  private valid(sessionId: string, value: unknown): number {
    if (typeof value === 'number') return value;
    return this.failed(sessionId, new TypeError(`generationOf gave ${typeof value}, not a number`));
  }

  private failed(sessionId: string, cause: unknown): number {
    this.report(new GenerationReadError({ sessionId, cause }));
    return Number.NaN;
  }
}
