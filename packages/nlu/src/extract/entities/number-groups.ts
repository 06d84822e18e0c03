/** One part of a spelled number: a small value (0-99), a hundred multiplier, or a scale (thousand and up). */
export type NumberPart =
  | { kind: 'small'; value: number }
  | { kind: 'hundred' }
  | { kind: 'scale'; value: number };

/**
 * Adds spelled parts left to right ("two hundred and five thousand" → 205000) and refuses a part that cannot
 * follow, so "one two" reads as two numbers rather than three.
 */
export class NumberGroups {
  private total = 0;
  private group = 0;
  private lastScale = Number.POSITIVE_INFINITY;
  private parts = 0;

  get value(): number {
    return this.total + this.group;
  }

  get isEmpty(): boolean {
    return this.parts === 0;
  }

  /** Adds all parts of one word, or none of them. */
  addAll(parts: NumberPart[]): boolean {
    const saved = { total: this.total, group: this.group, lastScale: this.lastScale, parts: this.parts };
    if (parts.every((part) => this.add(part))) return true;
    Object.assign(this, saved);
    return false;
  }

  add(part: NumberPart): boolean {
    const accepted = this.accepts(part);
    if (!accepted) return false;
    this.parts += 1;
    if (part.kind === 'small') this.group += part.value;
    else if (part.kind === 'hundred') this.group = (this.group === 0 ? 1 : this.group) * 100;
    else {
      this.total += (this.group === 0 ? 1 : this.group) * part.value;
      this.group = 0;
      this.lastScale = part.value;
    }
    return true;
  }

  private accepts(part: NumberPart): boolean {
    const belowHundred = this.group % 100;
    if (part.kind === 'small') {
      if (belowHundred === 0) return part.value > 0 || this.parts === 0;
      return belowHundred >= 20 && belowHundred % 10 === 0 && part.value < 10 && part.value > 0;
    }
    if (part.kind === 'hundred') return this.group < 10;
    return part.value < this.lastScale;
  }
}
