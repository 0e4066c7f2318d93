/** Wraps a throw of the caller's delta callback so that it is not mistaken for a stream failure. */
export class DeltaCallbackFailure {
  constructor(readonly error: unknown) {}
}
