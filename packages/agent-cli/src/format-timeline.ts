import type { SessionTimeline, TimelineSegment, TimelineTurn } from '@aalis/archive-adapter';
import { WellKnownMetadataKeys as Keys, type Message } from '@aalis/schema-message';
import { displayText } from './display-text';
import { oneLine } from './one-line';
import type { TextStyles } from './terminal-output';

/** Options of {@link formatTimeline}. */
export interface TimelineFormatOptions {
  /** Styles for outcomes and markers; default plain text. */
  readonly style?: TextStyles;
  /** The name shown for the assistant. Default `aalis`. */
  readonly assistantName?: string;
}

const plain = (text: string) => text;

/**
 * Renders a session's persisted timeline as text lines: each turn with its id, outcome and
 * source (the turn record, [ARC-8]) and whether it was stopped and by whom ([ARC-9]); its
 * inputs with how they entered (`opened` / `joined`, [ARC-6]); each tool call with its call
 * id, arguments and result ([ARC-2]); the assistant's text (marked when not sent, [ARC-5]);
 * and loose messages such as released inputs ([ABT-3]).
 */
export function formatTimeline(timeline: SessionTimeline, options: TimelineFormatOptions = {}): string[] {
  if (timeline.items.length === 0) return ['(no history)'];
  const lines: string[] = [];
  for (const item of timeline.items) {
    if (item.type === 'message') lines.push(`• outside any turn: ${messageLine(item.message, options)}`);
    else lines.push(...turnLines(item, options));
  }
  return lines;
}

function turnLines(turn: TimelineTurn, options: TimelineFormatOptions): string[] {
  const style = options.style;
  const record = turn.record;
  const facts = [`turn ${turn.turnId}`];
  if (record === undefined) facts.push('(no turn record)');
  else {
    facts.push(outcomeText(record.outcome, style));
    if (record.source !== undefined) facts.push(`source ${record.source.kind}`);
    if (record.error !== undefined) facts.push(`error: ${displayText(record.error)}`);
  }
  const lines = [(style?.bold ?? plain)(facts.join(' · '))];
  for (const segment of turn.segments) lines.push(`  ${segmentLine(segment, options)}`);
  if (turn.stopped) {
    const by = turn.stoppedBy === undefined ? '' : ` by ${turn.stoppedBy.name ?? turn.stoppedBy.id}`;
    lines.push(`  ${(style?.yellow ?? plain)(`■ stop marker: stopped${by}`)}`);
  }
  return lines;
}

function segmentLine(segment: TimelineSegment, options: TimelineFormatOptions): string {
  switch (segment.type) {
    case 'input':
      return `▸ ${segment.entry ?? 'input'}: ${messageLine(segment.message, options)}`;
    case 'text': {
      const notSent = segment.notSent ? ' (not sent)' : '';
      return `◂ ${options.assistantName ?? 'aalis'}${notSent}: ${oneLine(segment.message.content)}`;
    }
    case 'tool_call': {
      const name = segment.call?.name ?? '?';
      const args = segment.call === undefined ? '' : ` ${oneLine(segment.call.arguments, 60)}`;
      const result = segment.result === undefined ? '(no result)' : oneLine(segment.result.content, 60);
      return `⚙ ${name}${args} [${segment.callId ?? 'no call id'}] → ${result}`;
    }
  }
}

function messageLine(message: Message, options: TimelineFormatOptions): string {
  if (message.role !== 'user') return `${message.role}: ${oneLine(message.content)}`;
  const source = message.metadata[Keys.Source];
  const sender = message.metadata[Keys.Sender];
  const who = source !== undefined ? `[${source.kind}]` : (sender?.nickname ?? sender?.userId ?? 'user');
  return `${who} ${(options.style?.dim ?? plain)('›')} ${oneLine(message.content)}`;
}

function outcomeText(outcome: string, style: TextStyles | undefined): string {
  if (style === undefined) return outcome;
  if (outcome === 'replied') return style.green(outcome);
  if (outcome === 'aborted') return style.yellow(outcome);
  if (outcome === 'error') return style.red(outcome);
  return style.dim(outcome);
}
