import type { MessageActor } from '@aalis/schema-message';

/** The languages the built-in stop marker wording exists in. */
export type StopMarkerLanguage = 'zh' | 'en';

const MAXIMUM_NAME_LENGTH = 64;

/**
 * The text of a stop marker ([ARC-9]), written for the next turn's model: says the previous
 * reply was stopped before it finished and, when a person stopped it, who (their `name`,
 * else their `id`, on one line and at most 64 characters).
 *
 * - `zh`: `[系统] 上一轮回复被 Alice 停止，未完成。` / `[系统] 上一轮回复已被停止，未完成。`
 * - `en`: `[System] The previous reply was stopped by Alice before it finished.` /
 *   `[System] The previous reply was stopped before it finished.`
 */
export function stopMarkerText(by: MessageActor | undefined, language: StopMarkerLanguage = 'zh'): string {
  const name = by === undefined ? undefined : displayName(by);
  if (language === 'en') {
    return name === undefined
      ? '[System] The previous reply was stopped before it finished.'
      : `[System] The previous reply was stopped by ${name} before it finished.`;
  }
  return name === undefined
    ? '[系统] 上一轮回复已被停止，未完成。'
    : `[系统] 上一轮回复被 ${name} 停止，未完成。`;
}

function displayName(by: MessageActor): string | undefined {
  const raw = by.name !== undefined && by.name.trim() !== '' ? by.name : by.id;
  const oneLine = raw.replace(/\s+/g, ' ').trim();
  if (oneLine === '') return undefined;
  return oneLine.length > MAXIMUM_NAME_LENGTH ? `${oneLine.slice(0, MAXIMUM_NAME_LENGTH)}…` : oneLine;
}
