/** A promise with its resolve function outside, for steering a test step by step. */
export function deferred<TValue = void>() {
  let resolve!: (value: TValue) => void;
  const promise = new Promise<TValue>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}
