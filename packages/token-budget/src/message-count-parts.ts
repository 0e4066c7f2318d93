import type { ChatContentPart, ChatMessageLike } from './chat-message';
import { imagePartTokens } from './image-tokens';
import { toolCallIdOf, toolCallsJson, toolCallsOf } from './message-fields';

/** The figures a message's count depends on besides its texts. */
export interface MessageCountSettings {
  /** Tokens of an image at high or auto detail whose part gives no dimensions. */
  readonly imageTokens: number;
  readonly messageOverhead: number;
  readonly nameOverhead: number;
}

/** What a message is counted from: the texts to tokenize and the tokens it costs besides them. */
export interface MessageCountParts {
  readonly texts: readonly string[];
  readonly fixedTokens: number;
}

const imageTypes = new Set(['image_url', 'image', 'input_image']);

function addContent(content: ChatMessageLike['content'], texts: string[], imageTokens: number): number {
  if (typeof content === 'string') texts.push(content);
  if (!Array.isArray(content)) return 0;
  let fixedTokens = 0;
  for (const part of content as readonly (ChatContentPart | string)[]) {
    if (typeof part === 'string') texts.push(part);
    else if (typeof part.text === 'string') texts.push(part.text);
    else if (imageTypes.has(part.type)) fixedTokens += imagePartTokens(part, imageTokens);
    else texts.push(JSON.stringify(part) ?? '');
  }
  return fixedTokens;
}

/**
 * The parts of a message's count, per OpenAI's cookbook: the framing (`messageOverhead`), the
 * role, the content (text parts as text, images by OpenAI's image rule, `imagePartTokens`,
 * other parts as their JSON),
 * the name and `nameOverhead`, the tool calls as the JSON of their wire shape, the tool call id.
 */
export function messageCountParts(
  message: ChatMessageLike,
  settings: MessageCountSettings,
): MessageCountParts {
  const texts = [String(message.role)];
  let fixedTokens = settings.messageOverhead + addContent(message.content, texts, settings.imageTokens);
  if (typeof message.name === 'string' && message.name.length > 0) {
    texts.push(message.name);
    fixedTokens += settings.nameOverhead;
  }
  const calls = toolCallsOf(message);
  if (calls !== undefined) texts.push(toolCallsJson(calls));
  const toolCallId = toolCallIdOf(message);
  if (toolCallId !== undefined) texts.push(toolCallId);
  return { texts, fixedTokens };
}
