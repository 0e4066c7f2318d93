/**
 * A promise a case opens when it chooses: scripted model and tool steps wait for gates, so
 * a case controls timing explicitly instead of sleeping.
 */
export interface Gate {
  /** Resolves once `open` was called. */
  readonly opened: Promise<void>;
  /** Whether `open` was called. */
  readonly isOpen: boolean;
  /** Opens the gate (idempotent). */
  open(): void;
}

/** Creates a closed {@link Gate}. */
export function createGate(): Gate {
  let release: () => void = () => undefined;
  let isOpen = false;
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    opened,
    get isOpen() {
      return isOpen;
    },
    open() {
      isOpen = true;
      release();
    },
  };
}
