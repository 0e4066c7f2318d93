/** Options of the counter's `…Async` methods. */
export interface AsyncCountOptions {
  /** Aborts the count: the promise rejects with the signal's reason, checked before each slice. */
  readonly signal?: AbortSignal;
  /**
   * Milliseconds of synchronous work after which the count yields to the event loop (through
   * `setImmediate`) before going on. Default 10; 0 yields after every step.
   */
  readonly sliceMs?: number;
}

/** The default slice of synchronous work between two yields to the event loop, in milliseconds. */
export const DEFAULT_SLICE_MS = 10;

function nextTurnOfEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Checks the options of an asynchronous count and returns its slice: a `TypeError` for a bad
 * `sliceMs`, the signal's reason when it has aborted already.
 */
export function checkAsyncCountOptions(options: AsyncCountOptions = {}): number {
  const sliceMs = options.sliceMs ?? DEFAULT_SLICE_MS;
  if (!Number.isFinite(sliceMs) || sliceMs < 0) {
    throw new TypeError('sliceMs must be a finite non-negative number of milliseconds');
  }
  options.signal?.throwIfAborted();
  return sliceMs;
}

/**
 * Measures the synchronous work of one asynchronous count and hands the event loop back when a
 * slice is used up. Throws the signal's reason when aborted, at creation and after each yield.
 */
export class EventLoopSlicer {
  readonly #signal: AbortSignal | undefined;
  readonly #sliceMs: number;
  #sliceStart = performance.now();

  constructor(options: AsyncCountOptions = {}) {
    this.#sliceMs = checkAsyncCountOptions(options);
    this.#signal = options.signal;
  }

  /** Whether the current slice is used up. */
  get due(): boolean {
    return performance.now() - this.#sliceStart >= this.#sliceMs;
  }

  /** Yields to the event loop, then checks the signal and starts a new slice. */
  async pause(): Promise<void> {
    await nextTurnOfEventLoop();
    this.#signal?.throwIfAborted();
    this.#sliceStart = performance.now();
  }
}

/**
 * Runs `steps` to the end, synchronously while the slice lasts: the result itself when it ends
 * within the first slice (no promise, no extra turn of the event loop), else a promise that
 * goes on one slice per turn.
 */
export function runInSlices<Result>(
  steps: Generator<undefined, Result, undefined>,
  slicer: EventLoopSlicer,
): Result | Promise<Result> {
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
    if (slicer.due) return continueInSlices(steps, slicer);
  }
}

async function continueInSlices<Result>(
  steps: Generator<undefined, Result, undefined>,
  slicer: EventLoopSlicer,
): Promise<Result> {
  for (;;) {
    await slicer.pause();
    for (;;) {
      const step = steps.next();
      if (step.done === true) return step.value;
      if (slicer.due) break;
    }
  }
}
