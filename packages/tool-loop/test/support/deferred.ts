/** A promise with its resolve and reject exposed, to drive timing explicitly in tests. */
export interface Deferred<T = void> {
  readonly promise: Promise<T>;
  resolve(value: T): void;
  reject(reason: unknown): void;
}

/** Creates a {@link Deferred}. */
export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets every queued microtask and pending promise callback run. */
export async function flush(rounds = 20): Promise<void> {
  for (let index = 0; index < rounds; index += 1) await new Promise<void>((done) => setImmediate(done));
}
