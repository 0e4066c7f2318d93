import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import { clip } from './clip';
import { describeSize } from './describe-size';

const fieldLimit = 200;

/**
 * The text a model reads for one MCP content block: text as it is; an image or audio as
 * `[image: image/png, 12 KB]`; a resource link as `[resource link: name <uri> (mime)]`; an
 * embedded resource by its uri and mime type, followed by its text when it has text. Names,
 * uris and mime types are cut at 200 characters.
 */
export function describeContentBlock(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return `[${block.type}: ${clip(block.mimeType, fieldLimit)}, ${describeSize(block.data)}]`;
    case 'resource_link':
      return `[resource link: ${clip(block.name, fieldLimit)} <${clip(block.uri, fieldLimit)}>${mime(block.mimeType)}]`;
    case 'resource': {
      const { resource } = block;
      const head = `[resource: <${clip(resource.uri, fieldLimit)}>${mime(resource.mimeType)}`;
      if ('text' in resource && typeof resource.text === 'string') return `${head}]\n${resource.text}`;
      const blob =
        'blob' in resource && typeof resource.blob === 'string' ? `, ${describeSize(resource.blob)}` : '';
      return `${head}${blob}]`;
    }
    default:
      return `[${clip(String((block as { type?: unknown }).type), fieldLimit)} content]`;
  }
}

function mime(mimeType: string | undefined): string {
  return mimeType === undefined ? '' : ` (${clip(mimeType, fieldLimit)})`;
}
