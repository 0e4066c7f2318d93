import type { TurnInput } from '@aalis/api-agent';
import {
  isControlKind,
  WellKnownMetadataKeys as Keys,
  type Message,
  type MessageMetadata,
} from '@aalis/schema-message';
import type { ReplyRecord, ToolGroupRecord, ToolLoopPersistence } from '../../src/index';

/** One call the loop made on the persistence. */
export type PersistenceCall =
  | { readonly method: 'archiveJoined'; readonly inputs: readonly TurnInput[] }
  | { readonly method: 'persistToolGroup'; readonly record: ToolGroupRecord }
  | { readonly method: 'persistReply'; readonly record: ReplyRecord }
  | { readonly method: 'history'; readonly limit: number | undefined }
  | { readonly method: 'countHistory' };

/**
 * A recording in-memory implementation of the loop's persistence interface for one turn (as
 * the turn writer of the conventions: it knows the turn and its session), that writes the
 * same metadata keys as the conventions, checks groups the same way, and can be told to fail.
 */
export class RecordingPersistence implements ToolLoopPersistence {
  readonly turnId: string;
  readonly sessionId: string;
  readonly calls: PersistenceCall[] = [];
  /** Told of every call as it is made. */
  onCall: (call: PersistenceCall) => void = () => {};
  readonly messages: Message[] = [];
  /** Methods that reject with this error. */
  readonly failures = new Map<PersistenceCall['method'], Error>();
  #next = 0;

  constructor(turn: { readonly turnId: string; readonly sessionId: string }) {
    this.turnId = turn.turnId;
    this.sessionId = turn.sessionId;
  }

  /** Stores messages as if written before the turn. */
  seed(sessionId: string, messages: readonly Pick<Message, 'role' | 'content'>[]): void {
    for (const { role, content } of messages) this.#store({ sessionId, role, content, metadata: {} });
  }

  /** Archives opening inputs as the agent does before the loop. */
  archiveOpened(inputs: readonly TurnInput[]): void {
    this.#archiveInputs(inputs, 'opened');
  }

  async archiveJoined(inputs: readonly TurnInput[]): Promise<Message[]> {
    this.#record({ method: 'archiveJoined', inputs: [...inputs] });
    this.#failIfTold('archiveJoined');
    return this.#archiveInputs(inputs, 'joined');
  }

  async persistToolGroup(record: ToolGroupRecord): Promise<Message[]> {
    this.#record({ method: 'persistToolGroup', record });
    this.#failIfTold('persistToolGroup');
    const open = new Set(record.assistant.toolCalls.map((call) => call.id));
    if (open.size !== record.assistant.toolCalls.length) throw new TypeError('tool call ids must be unique');
    for (const result of record.results) {
      if (!open.delete(result.toolCallId)) throw new TypeError(`no open call ${result.toolCallId}`);
    }
    if (open.size > 0) throw new TypeError('tool calls without result');
    const { turnId, sessionId } = this;
    const { assistant } = record;
    const notSent: MessageMetadata = assistant.sent ? {} : { [Keys.NotSent]: true };
    return [
      this.#store({
        sessionId,
        role: 'assistant',
        content: assistant.content,
        toolCalls: assistant.toolCalls,
        metadata: { [Keys.TurnId]: turnId, ...notSent },
      }),
      ...record.results.map((result) =>
        this.#store({
          sessionId,
          role: 'tool',
          content: result.content,
          toolCallId: result.toolCallId,
          metadata: { ...result.metadata, [Keys.TurnId]: turnId, [Keys.CallId]: result.callId },
        }),
      ),
    ];
  }

  async persistReply(record: ReplyRecord): Promise<Message> {
    this.#record({ method: 'persistReply', record });
    this.#failIfTold('persistReply');
    const metadata: Record<string, unknown> = {
      [Keys.TurnId]: this.turnId,
      [Keys.Model]: record.model,
      [Keys.Tokens]: record.tokens,
      [Keys.Platform]: record.platform,
      [Keys.SelfIdentity]: record.selfIdentity,
      [Keys.Group]: record.group,
      [Keys.SessionType]: record.sessionType,
      [Keys.VisibleContent]: record.visibleContent,
      [Keys.NotSent]: record.sent ? undefined : true,
    };
    for (const key of Object.keys(metadata)) if (metadata[key] === undefined) delete metadata[key];
    return this.#store({ sessionId: this.sessionId, role: 'assistant', content: record.content, metadata });
  }

  async history(options: { readonly limit?: number } = {}): Promise<Message[]> {
    this.#record({ method: 'history', limit: options.limit });
    this.#failIfTold('history');
    const active = this.messages.filter(
      (message) => message.sessionId === this.sessionId && message.kind !== 'event-marker',
    );
    return options.limit ? active.slice(-options.limit) : active;
  }

  async countHistory(): Promise<number> {
    this.#record({ method: 'countHistory' });
    this.#failIfTold('countHistory');
    return this.messages.filter(
      (message) => message.sessionId === this.sessionId && !isControlKind(message.kind),
    ).length;
  }

  /** The calls of one method. */
  callsOf<Method extends PersistenceCall['method']>(
    method: Method,
  ): Extract<PersistenceCall, { method: Method }>[] {
    return this.calls.filter(
      (call): call is Extract<PersistenceCall, { method: Method }> => call.method === method,
    );
  }

  #archiveInputs(inputs: readonly TurnInput[], entry: 'opened' | 'joined'): Message[] {
    return inputs.map((input) => {
      const message = this.#store({
        sessionId: input.message.sessionId,
        role: 'user',
        content: input.message.content,
        metadata: { [Keys.TurnId]: this.turnId, [Keys.TurnEntry]: entry },
      });
      input.archived = message;
      return message;
    });
  }

  #record(call: PersistenceCall): void {
    this.calls.push(call);
    this.onCall(call);
  }

  #store(draft: Omit<Message, 'id' | 'createdAt'>): Message {
    this.#next += 1;
    const message: Message = { ...draft, id: `m${this.#next}`, createdAt: this.#next };
    this.messages.push(message);
    return message;
  }

  #failIfTold(method: PersistenceCall['method']): void {
    const failure = this.failures.get(method);
    if (failure !== undefined) throw failure;
  }
}
