import type { ChatImage } from '@aalis/api-llm';
import type { LanguageModelV3FilePart } from '@ai-sdk/provider';
import type { LanguageModelV4FilePartShape } from './ai-sdk-language-model';

/** The specification version of the model a prompt is built for. */
export type SpecificationVersion = 'v3' | 'v4';

interface ImageData {
  /** Base64 text of a `data:` URL, or the parsed link. */
  readonly data: string | URL;
  readonly mediaType: string | undefined;
}

/** The data of an image: a `data:` URL's payload as base64 (with its media type), else the link. */
function imageData(url: string): ImageData {
  if (!url.startsWith('data:')) return { data: new URL(url), mediaType: undefined };
  const comma = url.indexOf(',');
  const header = url.slice('data:'.length, comma === -1 ? url.length : comma);
  const payload = comma === -1 ? '' : url.slice(comma + 1);
  const [mediaType, ...parameters] = header.split(';');
  const base64 = parameters.includes('base64')
    ? payload
    : Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
  return { data: base64, mediaType: mediaType === '' ? undefined : mediaType };
}

/**
 * An image of a user message as a prompt `file` part: a `data:` URL becomes base64 data, any
 * other URL a link. The media type is the image's `mimeType`, else the data URL's, else
 * `image/*`. Version 3 takes the bare data; version 4 tags it (`{ type: 'data' }`,
 * `{ type: 'url' }`). Throws a `TypeError` for a URL that cannot be parsed.
 */
export function imageFilePart(
  image: ChatImage,
  version: SpecificationVersion,
): LanguageModelV3FilePart | LanguageModelV4FilePartShape {
  const { data, mediaType } = imageData(image.url);
  const type = image.mimeType ?? mediaType ?? 'image/*';
  if (version === 'v3') return { type: 'file', data, mediaType: type };
  const tagged =
    typeof data === 'string' ? { type: 'data' as const, data } : { type: 'url' as const, url: data };
  return { type: 'file', data: tagged, mediaType: type };
}
