import { describe, expect, it } from 'vitest';
import { ERROR_TEXT_LIMIT, plainErrorText } from './plain-error-text';

const nginxPage =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n' +
  '<hr><center>nginx/1.25.3</center>\r\n</body>\r\n</html>\r\n';

describe('plainErrorText', () => {
  it('strips the markup of an HTML error page, keeping its words on one line', () => {
    expect(plainErrorText(nginxPage)).toBe('502 Bad Gateway 502 Bad Gateway nginx/1.25.3');
  });

  it('drops script and style elements with their content, and decodes common entities', () => {
    const page =
      '<!DOCTYPE html><html><head><style>body{color:red}</style><script>var a = "<b>";</script></head>' +
      '<body><p>Bad&nbsp;gateway &amp; more</p></body></html>';
    expect(plainErrorText(page)).toBe('Bad gateway & more');
  });

  it('strips markup when the content type says html even if the text does not start with a tag', () => {
    expect(plainErrorText('Upstream <b>timed out</b>', { contentType: 'text/html; charset=utf-8' })).toBe(
      'Upstream timed out',
    );
  });

  it('keeps angle brackets of a plain message, such as a model token', () => {
    expect(plainErrorText('unexpected token <|im_end|> in prompt')).toBe(
      'unexpected token <|im_end|> in prompt',
    );
  });

  it('cuts a long text to the limit with an ellipsis', () => {
    const text = plainErrorText('word '.repeat(500));
    expect(text).toHaveLength(ERROR_TEXT_LIMIT);
    expect(text.endsWith('…')).toBe(true);
  });

  it('handles 1 MiB of one repeated character, with or without markup, in linear time', () => {
    for (const character of ['<', '>', ' ', 'a']) {
      const text = plainErrorText(character.repeat(1024 * 1024), { contentType: 'text/html' });
      expect(text.length).toBeLessThanOrEqual(ERROR_TEXT_LIMIT);
    }
    expect(plainErrorText(`<${'<'.repeat(100_000)}>tail`)).toBe('tail');
  });
});
