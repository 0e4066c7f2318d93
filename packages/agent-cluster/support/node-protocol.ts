/** What the cluster test tells a process. */
export type NodeCommand =
  | {
      readonly kind: 'send';
      readonly sessionId: string;
      readonly messageId: string;
      readonly content: string;
    }
  | { readonly kind: 'abort'; readonly sessionId: string; readonly queued: boolean }
  | { readonly kind: 'clear'; readonly sessionIds: readonly string[] };

/** What a process of the cluster test reports, each with its time (`Date.now()`). */
export type NodeReport =
  | { readonly kind: 'ready'; readonly owner: string }
  | {
      readonly kind: 'turn';
      readonly phase: 'before' | 'after';
      readonly turnId: string;
      readonly sessionId: string;
      readonly messageIds: readonly string[];
      readonly at: number;
    }
  | { readonly kind: 'settled'; readonly messageId: string; readonly at: number; readonly error?: string }
  | { readonly kind: 'write'; readonly sessionId: string; readonly token: number; readonly at: number }
  | { readonly kind: 'cleared'; readonly at: number; readonly error?: string };
