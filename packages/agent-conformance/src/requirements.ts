import type { RequirementFamily } from './requirement-families';

/** One requirement of the agent contract's catalog (`REQUIREMENTS.md`), as the kit checks it. */
export interface Requirement {
  /** The id cited in case titles and reports, e.g. `ABT-3`. */
  readonly id: string;
  /** The family the id belongs to (its prefix). */
  readonly family: RequirementFamily;
  /**
   * How the catalog marks it, when it does: `decided` (the contract is silent and the project
   * decided), `reference` (the contract text attributes the rule to the reference
   * implementation), `beyond` (liveness and durability rules past what the contract asks).
   */
  readonly marker?: RequirementMarker;
  /**
   * Whether the catalog marks it `[decided]`. An implementation may declare a decided rule as
   * a capability it lacks.
   */
  readonly decided: boolean;
  /** The requirement's text on one line, without a leading `[decided]` or `[reference]` marker. */
  readonly text: string;
  /**
   * For a contract requirement of which only a part is the reference implementation's (the
   * catalog marks it `[reference]` inside the text, e.g. [OUT-2]'s notice wording): that part.
   * The rest stays an obligation; the part is a capability of the same id.
   */
  readonly referencePart?: string;
}

/** The markers of the catalog: `[decided]`, `[reference]`, and the `[beyond]` families. */
export type RequirementMarker = 'decided' | 'reference' | 'beyond';

/**
 * Where a requirement's obligation comes from: `contract` (the contract text asks it of every
 * implementation), or its marker (`decided`, `reference`, `beyond`: a capability an
 * implementation may declare it lacks).
 */
export type RequirementBasis = 'contract' | RequirementMarker;

/** The basis of a requirement: its marker, or `contract` when it has none. */
export function basisOf(requirement: Pick<Requirement, 'marker'>): RequirementBasis {
  return requirement.marker ?? 'contract';
}

/**
 * The requirement catalog of `@aalis/api-agent` the kit was built against, in catalog order.
 * The contract digest of a report is computed over these ids and texts, so a report names
 * exactly the requirement set it checked.
 */
export const REQUIREMENTS: readonly Requirement[] = Object.freeze([
  {
    id: 'SVC-1',
    family: 'SVC',
    decided: false,
    text: '`AgentService` exposes `handleMessage`, `abort`, `clearing`, `assignModel` (all required) and `registerPreprocessor` (optional on the service, required on `BoundAgent`).',
  },
  {
    id: 'SVC-2',
    family: 'SVC',
    decided: false,
    text: '`handleMessage(m)` resolves only once `m` is settled: the turn it belongs to has ended (after `agent:turn:after`), or it was released (abort with `queued`, shutdown, session deletion, clearing), or it was dropped before entering a turn (an `agent:input:before` middleware did not call `next`, or the turn was blocked at `agent:turn:before`). It never hangs.',
  },
  {
    id: 'SVC-3',
    family: 'SVC',
    marker: 'decided',
    decided: true,
    text: 'Failures inside a turn (model, tool, hook, archive) never reject `handleMessage`; they end the turn with outcome `error`. `handleMessage` rejects only for an invalid input (schema violation: a typed validation error naming the bad field), and then nothing was archived and no turn started.',
  },
  {
    id: 'SVC-4',
    family: 'SVC',
    decided: false,
    text: 'Callers reach the selected provider through the business handle (`agent.use.handleMessage(...)`); switching provider switches where calls go.',
  },
  {
    id: 'SVC-5',
    family: 'SVC',
    decided: false,
    text: 'The archive and memory are optional collaborators: with none present, turns still run and reply (nothing is persisted, `archived` stays unset).',
  },
  {
    id: 'SCH-1',
    family: 'SCH',
    decided: false,
    text: 'A new input never interrupts the running turn of its session.',
  },
  {
    id: 'SCH-2',
    family: 'SCH',
    decided: false,
    text: "A human input that arrives while a human-opened turn of the same session runs is a *pending insertion*: before that turn's next model call it is appended to the live `inputs` array of the turn, archived with the turn's id and entry `joined`, and is part of the messages that model call sees.",
  },
  {
    id: 'SCH-3',
    family: 'SCH',
    marker: 'decided',
    decided: true,
    text: 'Pending insertions of a turn that makes no further model call open the next turn (entry `opened`), ahead of anything queued after them.',
  },
  {
    id: 'SCH-4',
    family: 'SCH',
    decided: false,
    text: 'An injection always forms its own turn: it is never inserted into another turn, and nothing is inserted into a turn it opened.',
  },
  {
    id: 'SCH-5',
    family: 'SCH',
    decided: false,
    text: 'Turns of one session run one at a time, in the order their opening inputs were enqueued; turns of different sessions run concurrently.',
  },
  {
    id: 'SCH-6',
    family: 'SCH',
    marker: 'decided',
    decided: true,
    text: 'When a turn opens from the queue, it takes the head input; if the head is human it also takes every human input directly behind it (all entry `opened`).',
  },
  {
    id: 'SCH-7',
    family: 'SCH',
    decided: false,
    text: 'All inputs of one turn share session and source.',
  },
  {
    id: 'SCH-8',
    family: 'SCH',
    decided: false,
    text: "Event `agent:queue` `{ sessionId, waiting }` lists the session's queued and pending-insert inputs that have passed per-input processing, in enqueue order; it is emitted on enqueue, when inputs enter a turn, and when inputs are released.",
  },
  {
    id: 'ABT-1',
    family: 'ABT',
    decided: false,
    text: '`abort(sessionId)` stops the running turn: its model call is cancelled through an `AbortSignal`, no further model or tool call starts, the outcome is `aborted`, `agent:turn:after` fires, and it returns `true`.',
  },
  {
    id: 'ABT-2',
    family: 'ABT',
    decided: false,
    text: "With a `turnId` that is not the running turn's (ended, or replaced), nothing at all happens and it returns `false`.",
  },
  {
    id: 'ABT-3',
    family: 'ABT',
    decided: false,
    text: "With `queued: true`, the session's queued and pending-insert inputs are released: they open no turn, their `handleMessage` settles, and they are archived without a turn id after the running turn settles (at once when none runs).",
  },
  {
    id: 'ABT-4',
    family: 'ABT',
    decided: false,
    text: "Without `queued`, queued inputs and the stopped turn's pending insertions open the next turn as usual.",
  },
  {
    id: 'ABT-5',
    family: 'ABT',
    decided: false,
    text: '`reason` appears only in the turn-end log line: not in any outbound message, turn record, or `agent:turn:after` payload.',
  },
  {
    id: 'ABT-6',
    family: 'ABT',
    decided: false,
    text: '`by` (same shape as `IncomingMessage.actor`) is who stopped the turn; absent means no specific person (shutdown, clear, delete, mute).',
  },
  {
    id: 'ABT-7',
    family: 'ABT',
    decided: false,
    text: 'The return value says whether a running turn was stopped; with no running turn it is `false` (queued inputs are still released when `queued: true`).',
  },
  {
    id: 'CLR-1',
    family: 'CLR',
    decided: false,
    text: '`clearing(ids, clear, reason?)` stops the running turns of those sessions, releases their queued and pending inputs *without archiving them*, waits for the turns to settle, then runs `clear()`.',
  },
  {
    id: 'CLR-2',
    family: 'CLR',
    decided: false,
    text: 'From the stop until `clear()` settles the sessions are held: inputs arriving meanwhile wait (open no turn, are not archived) and are processed after `clear()` ends, so nothing replied during the hold is erased by it.',
  },
  {
    id: 'CLR-3',
    family: 'CLR',
    decided: false,
    text: '`ids` undefined means every session, including ones with no state yet.',
  },
  {
    id: 'CLR-4',
    family: 'CLR',
    decided: false,
    text: 'Stopping and holding happen outside the cleanup chain, independent of the registration order of `memory:clear` middlewares.',
  },
  {
    id: 'CLR-5',
    family: 'CLR',
    decided: false,
    text: "The implementer's own `session:deleted` listener, invoked inside the hold (the session manager's `clear` emits it), completes without waiting for the hold: no deadlock.",
  },
  {
    id: 'CLR-6',
    family: 'CLR',
    marker: 'decided',
    decided: true,
    text: 'If `clear()` throws, `clearing` rejects with that error and the hold is released all the same; held inputs are then processed.',
  },
  {
    id: 'CLR-7',
    family: 'CLR',
    marker: 'decided',
    decided: true,
    text: 'Overlapping concurrent `clearing` calls complete without deadlock.',
  },
  {
    id: 'DEL-1',
    family: 'DEL',
    decided: false,
    text: 'On `session:deleted`, the running turn of that session is stopped, its queued inputs are released (not archived), and the listener resolves only after the turn ended.',
  },
  {
    id: 'DEL-2',
    family: 'DEL',
    decided: false,
    text: "`handleMessage` reads the session's generation (`generationOf`) at entry and again just before handing the input to the queue (after any hold); if it changed, the input is released, not archived, and opens no turn.",
  },
  {
    id: 'DEL-3',
    family: 'DEL',
    decided: false,
    text: "Nothing of a deleted session's in-flight turn is persisted after the listener resolves.",
  },
  {
    id: 'TID-1',
    family: 'TID',
    decided: false,
    text: 'Each turn gets a fresh unique `turnId` when it starts.',
  },
  {
    id: 'TID-2',
    family: 'TID',
    decided: false,
    text: 'The same `turnId` is on: `agent:turn:before`, `agent:turn:after`, the archive of its inputs, every `outbound:stream` chunk, `ToolCallContext` and `tool:execute`, every `token:usage`, and `OutgoingMessage.turnId` of its replies and error notices.',
  },
  {
    id: 'TID-3',
    family: 'TID',
    decided: false,
    text: 'Each tool call has its own unique `callId`.',
  },
  {
    id: 'TID-4',
    family: 'TID',
    decided: false,
    text: 'Usage snapshots answering `token:request` carry no `turnId`.',
  },
  {
    id: 'ARC-1',
    family: 'ARC',
    decided: false,
    text: 'Persisted tool-call groups (assistant message with `toolCalls`, and the tool results) and the final reply carry the turn id under the registered metadata key.',
  },
  {
    id: 'ARC-2',
    family: 'ARC',
    decided: false,
    text: "Every tool call, including one that failed before executing (unknown tool, unparsable arguments, blocked by a hook), records its `callId` in the tool result's metadata and in the timeline's `tool_call` segment.",
  },
  {
    id: 'ARC-3',
    family: 'ARC',
    decided: false,
    text: "The final reply also records: model, token usage, platform, the assistant's own identity on that platform, group, session type; and, when the reply is a structured-output envelope, the decoded visible body. Keys are the registered `WellKnownMetadataKeys` only.",
  },
  {
    id: 'ARC-4',
    family: 'ARC',
    decided: false,
    text: 'Metadata keys that other plugins write in `agent:tool:after` are persisted unchanged with that tool result.',
  },
  {
    id: 'ARC-5',
    family: 'ARC',
    decided: false,
    text: 'In `room` sessions (IM groups and private chats) a turn hands only its last reply to the platform (`outbound:message`): text said before tool calls and versions dropped by format retries are persisted but not sent.',
  },
  {
    id: 'ARC-6',
    family: 'ARC',
    decided: false,
    text: 'Opening inputs are archived at the very start of the `agent:turn:before` default action, with turn id and entry `opened`; inserted inputs when inserted, entry `joined`. Queued inputs are not in history; released ones are archived without turn id.',
  },
  {
    id: 'ARC-7',
    family: 'ARC',
    decided: false,
    text: "Rolling back a turn by turn id removes exactly that turn's messages, inputs included.",
  },
  {
    id: 'ARC-8',
    family: 'ARC',
    decided: false,
    text: "Before `agent:turn:after`, a turn record (outcome and source) is written on the metadata of the turn's last persisted reply; a turn with no persisted reply (silent, aborted, error) persists instead one event marker (`role: 'system'`, `kind: 'event-marker'`, empty body) carrying turn id and record. A turn blocked at `agent:turn:before` writes none.",
  },
  {
    id: 'ARC-9',
    family: 'ARC',
    marker: 'reference',
    decided: false,
    text: "An aborted turn that already has inputs or tool-call groups in history persists a stop marker (`role: 'system'`, `kind: 'turn-stopped'`) before its turn record, worded for the next turn's model and naming `by` when given. Event markers never reach a model; the stop marker does.",
  },
  {
    id: 'USG-1',
    family: 'USG',
    decided: false,
    text: 'One `token:usage` after every model call (first call, each tool-loop call, each format retry); none for a call that threw.',
  },
  {
    id: 'USG-2',
    family: 'USG',
    decided: false,
    text: "`used` = the call's `usage.promptTokens` when it is a positive finite number, else an estimate from the sent messages and tool definitions; `usageRatio = used / contextWindow`.",
  },
  {
    id: 'USG-3',
    family: 'USG',
    decided: false,
    text: '`trimmed` is true from the first call of the turn whose assembled estimate exceeded `tokenBudget` or whose history was cut, for that and every later call of the turn.',
  },
  {
    id: 'USG-4',
    family: 'USG',
    decided: false,
    text: '`untrimmedHistory` = history plus tool-result tokens estimated on the untrimmed list; `breakdown.history` and `breakdown.toolResults` are computed on the sent list.',
  },
  {
    id: 'USG-5',
    family: 'USG',
    decided: false,
    text: "`historyMessages` = the session's active history count at turn start (opening inputs included, and the part beyond the count limit too) plus tool calls, tool results and joined inputs appended so far; control kinds excluded; the final reply is not counted. Snapshots give only the active history count.",
  },
  {
    id: 'USG-6',
    family: 'USG',
    marker: 'reference',
    decided: false,
    text: "`historyLimit` = the turn's history count limit (session setting; 0 = none).",
  },
  {
    id: 'USG-7',
    family: 'USG',
    decided: false,
    text: '`breakdown` has the 12 fixed buckets `system, persona, memorySummary, memoryVector, skills, platform, subtask, systemOther, history, toolResults, toolDefs, reservedForReply`; `parts` lists the same figures in display order with display labels (`string | TextRef`), without `reservedForReply`, each with optional per-injector figures keyed `pluginInstanceId/localId`.',
  },
  {
    id: 'USG-8',
    family: 'USG',
    decided: false,
    text: '`token:request` is answered with a snapshot per session: no model call, no turn id, prompt contributions built with `dryRun: true`.',
  },
  {
    id: 'USG-9',
    family: 'USG',
    marker: 'decided',
    decided: true,
    text: 'Hard trimming drops the oldest history in token-sized chunks at message-group boundaries (an assistant tool-call message and its results go together), whenever history exceeds its own allowance, even if the whole request would fit; the system prompt, the current inputs and the latest tool-call group are never dropped.',
  },
  {
    id: 'SET-1',
    family: 'SET',
    decided: false,
    text: "`assignModel(sessionId, model)` writes the session-level conversation model into the session's settings; it throws when the settings do not exist or the write is refused.",
  },
  {
    id: 'SET-2',
    family: 'SET',
    marker: 'reference',
    decided: false,
    text: 'Model, deep thinking, max tool iterations and history count limit are per-session overridable settings of the reference implementation.',
  },
  {
    id: 'BND-1',
    family: 'BND',
    decided: false,
    text: '`BoundAgent.registerPreprocessor` goes through a registrar: the same name replaces; a provider switch re-attaches it automatically; it is withdrawn when the registering plugin deactivates; the facade fills in the owner.',
  },
  {
    id: 'BND-2',
    family: 'BND',
    decided: false,
    text: 'Under a provider without preprocessor support it has no effect, and takes effect when a supporting provider becomes current.',
  },
  {
    id: 'PRE-1',
    family: 'PRE',
    decided: false,
    text: 'Preprocessors run on `agent:input:before`, once per input, before it enters a turn, as an onion: code before `next()` may rewrite the input; not calling `next` drops it (no turn, not archived, the stream end marker is still emitted); `next()` returns once the input is settled.',
  },
  {
    id: 'HK-1',
    family: 'HK',
    decided: false,
    text: '`agent:input:before` `{ message }`.',
  },
  {
    id: 'HK-2',
    family: 'HK',
    decided: false,
    text: '`agent:turn:before` `{ turnId, sessionId, inputs }`: the default action is the whole turn, beginning with archiving the inputs; middleware before `next` sees inputs without `archived` and history without them. Not calling `next`: no turn, nothing archived, no `agent:turn:after`, stream end marker still emitted.',
  },
  {
    id: 'HK-3',
    family: 'HK',
    decided: false,
    text: "`agent:llm:before` `{ messages, tools, acceptsImages, sessionId, source?, … }` before every model call; `acceptsImages` is the model's registered vision capability and equals the tool context's `acceptsImages`; `source` equals the turn's input source.",
  },
  {
    id: 'HK-4',
    family: 'HK',
    decided: false,
    text: '`agent:llm:after` `{ response, messages }` after every model call.',
  },
  {
    id: 'HK-5',
    family: 'HK',
    decided: false,
    text: '`agent:tool:before` `{ name, args, toolCallContext }` before every tool call.',
  },
  {
    id: 'HK-6',
    family: 'HK',
    decided: false,
    text: '`agent:tool:after` `{ name, result, toolCallContext, metadata }`: `result` may be rewritten; `metadata` is persisted with the tool result.',
  },
  {
    id: 'HK-7',
    family: 'HK',
    decided: false,
    text: '`agent:reply:before` `{ content, archiveContent?, visibleContent?, sessionId, … }` before a reply is emitted; a middleware may request a format retry.',
  },
  {
    id: 'HK-8',
    family: 'HK',
    decided: false,
    text: '`agent:turn:after` `{ inputs, reply, outcome, error?, sessionId, turnId }` on all four exit paths; `inputs` is the same array as in `agent:turn:before`.',
  },
  {
    id: 'HK-9',
    family: 'HK',
    decided: false,
    text: "`TurnInput.archived` is set once an input is archived. It is never set for inputs that are not archived: idle-trigger inputs (`triggerType: 'idle'`, which open a topic and are not archived) and every input when no archive is present.",
  },
  {
    id: 'HK-10',
    family: 'HK',
    decided: false,
    text: 'The hook keys are added to `HookContextMap` by declaration merging; importing `@aalis/api-agent` makes them type-check.',
  },
  {
    id: 'PRM-1',
    family: 'PRM',
    decided: false,
    text: 'Prompt injections (summary, semantic memory, profiles, skills, …) use the `agent:prompt` contribution point and are materialized by the assembler before `agent:llm:before`, not through hooks.',
  },
  {
    id: 'PRM-2',
    family: 'PRM',
    decided: false,
    text: "`build(view)` receives session id, platform, the turn's `inputs` (same objects as `agent:turn:before`; empty when estimating for `token:request`), an abort signal, the dry-run flag, and a snapshot of the message list.",
  },
  {
    id: 'PRM-3',
    family: 'PRM',
    decided: false,
    text: "Each contribution's tokens are attributed in `parts[].injectors` under its global key `pluginInstanceId/localId`.",
  },
  {
    id: 'OUT-1',
    family: 'OUT',
    decided: false,
    text: '`outcome` is `replied | silent | aborted | error`. On `replied` the final reply is in history, persisted after the last model call; the other outcomes persist no final reply.',
  },
  {
    id: 'OUT-2',
    family: 'OUT',
    decided: false,
    text: 'On `error`, `error` is one sentence naming the failure; other outcomes carry no `error`. [reference] The wording: the `[错误]` notice sent to the session, or the `[系统]` notice when no model could be resolved.',
    referencePart:
      'The wording: the `[错误]` notice sent to the session, or the `[系统]` notice when no model could be resolved.',
  },
  {
    id: 'OUT-3',
    family: 'OUT',
    marker: 'decided',
    decided: true,
    text: 'Every input handled, dropped or blocked gets exactly one stream end marker for its session.',
  },
  {
    id: 'DRN-1',
    family: 'DRN',
    decided: false,
    text: 'On drain (lifecycle `onDrain`) in-flight turns are aborted and queued inputs released; every pending `handleMessage` settles; nothing is half-written.',
  },
  {
    id: 'LIV-1',
    family: 'LIV',
    marker: 'beyond',
    decided: false,
    text: "Every hook the agent runs and every event it awaits honour the turn's abort: a middleware or listener that never settles cannot keep `handleMessage` from settling after `abort`, clearing or deletion of its session (SVC-2 and ABT-1 hold regardless).",
  },
  {
    id: 'LIV-2',
    family: 'LIV',
    marker: 'beyond',
    decided: false,
    text: 'Drain has a deadline; past it, drain resolves and names what it abandoned.',
  },
  {
    id: 'LIV-3',
    family: 'LIV',
    marker: 'beyond',
    decided: false,
    text: 'No single input stalls the process: token counting is linear in the text length, and one input blocks the event loop for a bounded time; inputs over a configured size end as a notice, never an exception.',
  },
  {
    id: 'LIV-4',
    family: 'LIV',
    marker: 'beyond',
    decided: false,
    text: 'A limit on turns running at once across sessions; per-session order and every SCH/ABT/CLR rule unchanged.',
  },
  {
    id: 'DUR-1',
    family: 'DUR',
    marker: 'beyond',
    decided: false,
    text: 'A turn cut by a process crash (inputs persisted, no turn record, not running in any live process) is closed on recovery as an aborted turn: unanswered tool calls get error results, then a stop marker, then a turn record with outcome `aborted`.',
  },
  {
    id: 'DUR-2',
    family: 'DUR',
    marker: 'beyond',
    decided: false,
    text: 'No turn record or metadata write is lost to a concurrent writer of the same store.',
  },
  {
    id: 'DUR-3',
    family: 'DUR',
    marker: 'beyond',
    decided: false,
    text: "One session is served by one process at a time; a process that lost a session's lease can no longer write that session's turns.",
  },
]);
