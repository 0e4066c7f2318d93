import { describe, expect, it } from 'vitest';
import { describeContentBlock } from './describe-content-block';

describe('describeContentBlock', () => {
  it('summarises media by mime type and size', () => {
    const data = Buffer.alloc(2 * 1024 * 1024).toString('base64');
    expect(describeContentBlock({ type: 'image', data, mimeType: 'image/jpeg' })).toBe(
      '[image: image/jpeg, 2.0 MB]',
    );
    expect(describeContentBlock({ type: 'audio', data: 'AAAA', mimeType: 'audio/ogg' })).toBe(
      '[audio: audio/ogg, 3 B]',
    );
  });

  it('names resources by uri and mime type, with the text of an embedded text resource', () => {
    expect(describeContentBlock({ type: 'resource_link', uri: 'https://x.test/a', name: 'a' })).toBe(
      '[resource link: a <https://x.test/a>]',
    );
    expect(describeContentBlock({ type: 'resource', resource: { uri: 'file:///a', text: 'body' } })).toBe(
      '[resource: <file:///a>]\nbody',
    );
  });

  it('cuts a hostile uri', () => {
    const uri = `file:///${'u'.repeat(1024 * 1024)}`;
    expect(describeContentBlock({ type: 'resource_link', uri, name: 'n' }).length).toBeLessThan(300);
  });
});
