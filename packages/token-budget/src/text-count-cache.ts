/** Bounds of a `TextCountCache`. */
export interface TextCountCacheLimits {
  /** Most texts remembered. */
  readonly maxEntries: number;
  /** Most characters remembered, summed over the texts (bounds the memory the keys hold). */
  readonly maxCharacters: number;
}

/**
 * A least-recently-used map from text to token count, bounded both in entries and in the
 * characters its keys hold. Texts longer than the character bound are not remembered.
 */
export class TextCountCache {
  readonly #counts = new Map<string, number>();
  readonly #limits: TextCountCacheLimits;
  #characters = 0;

  constructor(limits: TextCountCacheLimits) {
    this.#limits = limits;
  }

  get size(): number {
    return this.#counts.size;
  }

  get characters(): number {
    return this.#characters;
  }

  get(text: string): number | undefined {
    const count = this.#counts.get(text);
    if (count !== undefined) {
      // Re-insert so that iteration order stays least-recently-used first.
      this.#counts.delete(text);
      this.#counts.set(text, count);
    }
    return count;
  }

  set(text: string, count: number): void {
    const { maxEntries, maxCharacters } = this.#limits;
    if (maxEntries <= 0 || text.length > maxCharacters || this.#counts.has(text)) return;
    this.#counts.set(text, count);
    this.#characters += text.length;
    while (this.#counts.size > maxEntries || this.#characters > maxCharacters) this.#evictOldest();
  }

  clear(): void {
    this.#counts.clear();
    this.#characters = 0;
  }

  #evictOldest(): void {
    const oldest = this.#counts.keys().next();
    if (oldest.done === true) return;
    this.#counts.delete(oldest.value);
    this.#characters -= oldest.value.length;
  }
}
