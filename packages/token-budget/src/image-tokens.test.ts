import { describe, expect, it } from 'vitest';
import { highDetailImageTokens, imagePartTokens } from './image-tokens';

describe("OpenAI's image rule", () => {
  it("gives the vision guide's examples: 1024×1024 costs 765, 2048×4096 costs 1105", () => {
    expect(highDetailImageTokens(1_024, 1_024)).toBe(85 + 4 * 170);
    expect(highDetailImageTokens(2_048, 4_096)).toBe(85 + 6 * 170);
    expect(highDetailImageTokens(4_096, 2_048)).toBe(85 + 6 * 170);
  });

  it('fits a large image into 2048×2048 first, then its short side into 768', () => {
    // 4000×3000 → 2048×1536 → 1024×768: 2 × 2 tiles.
    expect(highDetailImageTokens(4_000, 3_000)).toBe(85 + 4 * 170);
    // 1920×1080 → 1365×768: 3 × 2 tiles.
    expect(highDetailImageTokens(1_920, 1_080)).toBe(85 + 6 * 170);
    // 10000×100 → 2048×20: 4 × 1 tiles (the short side is below 768 already).
    expect(highDetailImageTokens(10_000, 100)).toBe(85 + 4 * 170);
  });

  it('never scales a small image up: 512×512 is one tile, 513×500 two', () => {
    expect(highDetailImageTokens(512, 512)).toBe(255);
    expect(highDetailImageTokens(513, 500)).toBe(425);
    expect(highDetailImageTokens(1, 1)).toBe(255);
  });

  it('charges 85 at low detail whatever the size, in either part shape', () => {
    expect(
      imagePartTokens({ image_url: { url: 'x', detail: 'low' }, width: 4_096, height: 8_192 }, 765),
    ).toBe(85);
    expect(imagePartTokens({ image_url: 'x', detail: 'low' }, 765)).toBe(85);
  });

  it('falls back to the given figure at high or auto detail without usable dimensions', () => {
    expect(imagePartTokens({ image_url: { url: 'x', detail: 'high' } }, 765)).toBe(765);
    expect(imagePartTokens({ image_url: { url: 'x' }, width: 800 }, 1_000)).toBe(1_000);
    expect(imagePartTokens({ image_url: { url: 'x' }, width: 0, height: 10 }, 1_000)).toBe(1_000);
    expect(imagePartTokens({ image_url: { url: 'x' }, width: '800', height: 600 }, 1_000)).toBe(1_000);
    expect(imagePartTokens({ image_url: { url: 'x', detail: 'auto' }, width: 800, height: 600 }, 0)).toBe(
      765,
    );
  });
});
