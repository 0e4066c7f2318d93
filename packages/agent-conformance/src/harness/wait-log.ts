/**
 * What a case is waiting for: the harness labels the promises it hands out (`InputRecord.done`,
 * a scripted step's `started`, `harness.until`, …), and a labelled promise that someone awaits
 * is listed here until it settles. A case that times out names the last of them, so a third
 * party learns what the case expected without reading its source.
 */
export interface WaitLog {
  /**
   * Returns `promise` labelled (`handleMessage of "hello" (session s1) to settle`): awaiting it,
   * or calling its `then`, lists the label until the promise settles.
   */
  label<TValue>(promise: Promise<TValue>, label: string): Promise<TValue>;
  /** The labels of what is awaited and still pending, in the order the awaits began. */
  pending(): readonly string[];
}

/** A promise that reports when someone awaits it; its derived promises are plain ones. */
class AwaitedPromise<TValue> extends Promise<TValue> {
  static override get [Symbol.species]() {
    return Promise;
  }

  onAwait: () => void = () => undefined;

  // biome-ignore lint/suspicious/noThenProperty: a promise subclass that notices being awaited, on purpose
  override then<TResult1 = TValue, TResult2 = never>(
    onFulfilled?: ((value: TValue) => TResult1 | PromiseLike<TResult1>) | null,
    onRejected?: ((reason: unknown) => TResult2 | PromiseLike<TResult2>) | null,
  ): Promise<TResult1 | TResult2> {
    this.onAwait();
    return super.then(onFulfilled, onRejected);
  }
}

function labelled<TValue>(promise: Promise<TValue>, onAwait: () => void): AwaitedPromise<TValue> {
  const result = new AwaitedPromise<TValue>((resolve, reject) => {
    promise.then(resolve, reject);
  });
  result.onAwait = onAwait;
  return result;
}

/** Creates an empty {@link WaitLog}. */
export function createWaitLog(): WaitLog {
  const awaited = new Map<object, string>();
  return {
    label(promise, label) {
      let settled = false;
      const token = {};
      const settle = () => {
        settled = true;
        awaited.delete(token);
      };
      promise.then(settle, settle);
      return labelled(promise, () => {
        if (!settled && !awaited.has(token)) awaited.set(token, label);
      });
    },
    pending: () => [...awaited.values()],
  };
}
