import type { TurnInput } from '@aalis/api-agent';
import type { ChatMessage } from '@aalis/api-llm';
import { imagesOf } from './images-of';

/**
 * The message a model sees for one input: the archived message when there is one, else the
 * input's text as a `user` message; with its images when the model sees images ([HK-3]).
 */
export function inputMessage(input: TurnInput, acceptsImages: boolean): ChatMessage {
  const base: ChatMessage = input.archived ?? { role: 'user', content: input.message.content };
  const images = acceptsImages ? imagesOf(input.message.attachments) : [];
  return images.length === 0 ? base : { role: base.role, content: base.content, images };
}
