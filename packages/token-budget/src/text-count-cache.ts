/** Bounds of a `TextCountCache`. */
export interface TextCountCacheLimits {
  /** Most texts remembered. */
  readonly maxEntries: number;
  /** Most characters remembered, summed over the texts (bounds the memory the keys hold). */
  readonly maxCharacters: number;
}

/**
 * A map from text to token count, bounded both in entries and in the characters its keys
 * hold, that forgets the least recently used texts first (approximately: two generations).
 * A hit costs one lookup and never reorders the map: texts live in a young generation; when
 * it holds half the bounds it becomes the old one and the previous old one is dropped; a hit
 * in the old generation moves the text back to the young one. Texts longer than half the
 * character bound are not remembered.
 */
export class TextCountCache {
  #young = new Map<string, number>();
  #old = new Map<string, number>();
  #youngCharacters = 0;
  #oldCharacters = 0;
  readonly #limits: TextCountCacheLimits;

  constructor(limits: TextCountCacheLimits) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#young.size + this.#old.size;
  }

  get characters(): number {
    return this.#youngCharacters + this.#oldCharacters;
  }

  get(text: string): number | undefined {
    const young = this.#young.get(text);
    if (young !== undefined) return young;
    const old = this.#old.get(text);
    if (old !== undefined) {
      this.#old.delete(text);
      this.#oldCharacters -= text.length;
      this.#add(text, old);
    }
    return old;
  }

  set(text: string, count: number): void {
    const { maxEntries, maxCharacters } = this.#limits;
    if (maxEntries <= 0 || text.length > maxCharacters / 2 || this.#young.has(text) || this.#old.has(text))
      return;
    this.#add(text, count);
  }

  clear(): void {
    this.#young = new Map();
    this.#old = new Map();
    this.#youngCharacters = 0;
    this.#oldCharacters = 0;
  }

  #add(text: string, count: number): void {
    const { maxEntries, maxCharacters } = this.#limits;
    this.#young.set(text, count);
    this.#youngCharacters += text.length;
    if (this.#young.size >= Math.max(1, maxEntries / 2) || this.#youngCharacters >= maxCharacters / 2) {
      this.#old = this.#young;
      this.#oldCharacters = this.#youngCharacters;
      this.#young = new Map();
      this.#youngCharacters = 0;
    }
  }
}
