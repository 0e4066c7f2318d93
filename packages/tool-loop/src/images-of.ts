import type { ChatImage } from '@aalis/api-llm';
import type { MessageAttachment } from '@aalis/schema-message';

/** The image attachments a model can be shown: http(s) URLs and inline data, as `data:` URLs. */
export function imagesOf(attachments: readonly MessageAttachment[] | undefined): ChatImage[] {
  const images: ChatImage[] = [];
  for (const attachment of attachments ?? []) {
    if (attachment.kind !== 'image') continue;
    const mime = attachment.mimeType === undefined ? {} : { mimeType: attachment.mimeType };
    if (attachment.url !== undefined && /^(https?|data):/i.test(attachment.url)) {
      images.push({ url: attachment.url, ...mime });
    } else if (attachment.data !== undefined) {
      images.push({ url: `data:${attachment.mimeType ?? 'image/png'};base64,${attachment.data}`, ...mime });
    }
  }
  return images;
}
