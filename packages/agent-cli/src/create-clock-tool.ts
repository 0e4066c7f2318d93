import type { Tool } from '@aalis/api-tools';

/** Options of {@link createClockTool}. */
export interface ClockToolOptions {
  /** Where the time comes from, in milliseconds since the epoch (default `Date.now`). */
  readonly now?: () => number;
}

/**
 * The `clock` tool: the current date and time as `YYYY-MM-DD HH:MM:SS <zone>`, in UTC or
 * in the IANA time zone the model asks for. An unknown time zone gives a failed result
 * (`isError`) naming it. It reads nothing but the clock.
 */
export function createClockTool(options: ClockToolOptions = {}): Tool {
  const now = options.now ?? Date.now;
  return {
    name: 'clock',
    description: 'The current date and time. Optionally in an IANA time zone such as "Europe/Paris".',
    parameters: {
      type: 'object',
      properties: {
        timeZone: { type: 'string', description: 'An IANA time zone; default UTC.' },
      },
      additionalProperties: false,
    },
    async execute(args) {
      const timeZone = typeof args.timeZone === 'string' && args.timeZone !== '' ? args.timeZone : 'UTC';
      try {
        return `${formatInZone(now(), timeZone)} ${timeZone}`;
      } catch (error) {
        if (error instanceof RangeError) return { content: `unknown time zone: ${timeZone}`, isError: true };
        throw error;
      }
    },
  };
}

function formatInZone(milliseconds: number, timeZone: string): string {
  // The Swedish locale formats as ISO 8601 (`2025-06-01 09:30:00`).
  return new Date(milliseconds).toLocaleString('sv-SE', { timeZone, hour12: false });
}
