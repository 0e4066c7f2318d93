declare module 'vitest' {
  export interface ProvidedContext {
    /** Where test files ask for the run's PostgreSQL database (see `test-database.ts`). */
    aalisPostgresBroker: string;
  }
}

export {};
