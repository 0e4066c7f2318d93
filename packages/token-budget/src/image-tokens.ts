/**
 * OpenAI's published token figures for image inputs (GPT-4o, GPT-4.1, GPT-4.5, GPT-5, o1 and
 * o3 "Calculating costs", vision guide): every image costs {@link IMAGE_BASE_TOKENS}; at high
 * detail each 512-pixel tile of the scaled image adds {@link IMAGE_TILE_TOKENS}.
 */
export const IMAGE_BASE_TOKENS = 85;
/** Tokens of one 512 × 512 tile of an image at high detail. */
export const IMAGE_TILE_TOKENS = 170;

const TILE_SIDE = 512;
const FIT_SIDE = 2_048;
const SHORT_SIDE = 768;

/** What the image rule reads from an image content part. */
export interface ImagePartFields {
  readonly image_url?: unknown;
  readonly detail?: unknown;
  readonly width?: unknown;
  readonly height?: unknown;
}

function isDimension(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

/** The `detail` of a part: on the part (Responses `input_image`) or in its `image_url` object. */
function detailOf(part: ImagePartFields): unknown {
  if (part.detail !== undefined) return part.detail;
  const url = part.image_url;
  return typeof url === 'object' && url !== null ? (url as { detail?: unknown }).detail : undefined;
}

/**
 * Tokens of an image at high detail of `width` × `height` pixels: scaled down to fit a
 * 2048 × 2048 square, then down so that its short side is at most 768 pixels (rounded to whole
 * pixels; never scaled up), then 85 plus 170 per 512-pixel tile covering it.
 */
export function highDetailImageTokens(width: number, height: number): number {
  let scaledWidth = width;
  let scaledHeight = height;
  const longSide = Math.max(scaledWidth, scaledHeight);
  if (longSide > FIT_SIDE) {
    scaledWidth = (scaledWidth * FIT_SIDE) / longSide;
    scaledHeight = (scaledHeight * FIT_SIDE) / longSide;
  }
  const shortSide = Math.min(scaledWidth, scaledHeight);
  if (shortSide > SHORT_SIDE) {
    scaledWidth = (scaledWidth * SHORT_SIDE) / shortSide;
    scaledHeight = (scaledHeight * SHORT_SIDE) / shortSide;
  }
  const tiles =
    Math.ceil(Math.max(1, Math.round(scaledWidth)) / TILE_SIDE) *
    Math.ceil(Math.max(1, Math.round(scaledHeight)) / TILE_SIDE);
  return IMAGE_BASE_TOKENS + IMAGE_TILE_TOKENS * tiles;
}

/**
 * Tokens of one image part by OpenAI's rule: `detail: 'low'` costs 85 whatever the size; at
 * `high` or `auto` (or none) detail, a part that gives its `width` and `height` in pixels costs
 * {@link highDetailImageTokens}, and one that does not costs `unknownSizeTokens`.
 */
export function imagePartTokens(part: ImagePartFields, unknownSizeTokens: number): number {
  if (detailOf(part) === 'low') return IMAGE_BASE_TOKENS;
  if (isDimension(part.width) && isDimension(part.height))
    return highDetailImageTokens(part.width, part.height);
  return unknownSizeTokens;
}
