import { describe, expect, it } from 'vitest';
import { imageFilePart } from './image-file-part';

describe('imageFilePart', () => {
  it('sends a base64 data URL as its payload, with the media type of the URL', () => {
    expect(imageFilePart({ url: 'data:image/webp;base64,UklGRg==' }, 'v3')).toEqual({
      type: 'file',
      data: 'UklGRg==',
      mediaType: 'image/webp',
    });
  });

  it('encodes a percent-encoded data URL as base64, the image mimeType winning over the URL', () => {
    expect(imageFilePart({ url: 'data:image/svg+xml,%3Csvg%2F%3E', mimeType: 'image/svg' }, 'v4')).toEqual({
      type: 'file',
      data: { type: 'data', data: Buffer.from('<svg/>').toString('base64') },
      mediaType: 'image/svg',
    });
  });

  it('sends a link as a URL, bare for version 3 and tagged for version 4', () => {
    const url = new URL('https://example.test/a.png');
    expect(imageFilePart({ url: url.href }, 'v3')).toEqual({ type: 'file', data: url, mediaType: 'image/*' });
    expect(imageFilePart({ url: url.href }, 'v4')).toEqual({
      type: 'file',
      data: { type: 'url', url },
      mediaType: 'image/*',
    });
  });

  it('throws a TypeError for a link that is not a URL', () => {
    expect(() => imageFilePart({ url: 'not a url' }, 'v3')).toThrow(TypeError);
  });

  it('handles a 1 MiB data URL of one repeated character in one pass', () => {
    const payload = 'A'.repeat(1024 * 1024);
    const part = imageFilePart({ url: `data:image/png;base64,${payload}` }, 'v3');
    expect(part).toMatchObject({ data: payload, mediaType: 'image/png' });
    expect(imageFilePart({ url: `data:${';'.repeat(1024 * 1024)},x` }, 'v3').mediaType).toBe('image/*');
  });
});
