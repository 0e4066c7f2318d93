import type { IncomingMessage } from '@aalis/schema-message';

/**
 * A preprocessor on `agent:input:before`, once per input before it enters a turn, as an
 * onion ([PRE-1]): code before `next()` may rewrite `message`; not calling `next` drops the
 * input (no turn, not archived, the stream end marker is still emitted); `next()` returns
 * once the input is settled. Typical uses: describing images as text, reading file contents.
 */
export type PreprocessorFn = (message: IncomingMessage, next: () => Promise<void>) => Promise<void>;
