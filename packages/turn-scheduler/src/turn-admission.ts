/**
 * What the admission line keeps on each waiting session: a flag and two links, so joining
 * and leaving the line allocate nothing and leaving from the middle takes constant time.
 */
export interface SlotLineMember<TMember> {
  waitingForSlot: boolean;
  lineNext: TMember | undefined;
  linePrevious: TMember | undefined;
}

/**
 * Admission [LIV-4]: how many turns run across sessions, the limit, and the line of
 * sessions waiting for a slot, oldest first. The scheduler joins a session when it became
 * ready to open a turn and no slot was free, takes it out when it stops being ready
 * (released, held, deleted, drained), and hands each freed slot to the oldest member.
 * Turns opened without a slot (nested ones) count as running all the same.
 */
export class TurnAdmission<TMember extends SlotLineMember<TMember>> {
  /** Turns whose body has not settled. */
  running = 0;
  /** Members in the line. */
  waiting = 0;
  private first: TMember | undefined = undefined;
  private last: TMember | undefined = undefined;

  constructor(readonly limit: number) {}

  hasFreeSlot(): boolean {
    return this.running < this.limit;
  }

  turnOpened(): void {
    this.running++;
  }

  turnEnded(): void {
    this.running--;
  }

  join(member: TMember): void {
    member.waitingForSlot = true;
    member.linePrevious = this.last;
    member.lineNext = undefined;
    if (this.last === undefined) this.first = member;
    else this.last.lineNext = member;
    this.last = member;
    this.waiting++;
  }

  leave(member: TMember): void {
    if (!member.waitingForSlot) return;
    const { linePrevious: previous, lineNext: next } = member;
    if (previous === undefined) this.first = next;
    else previous.lineNext = next;
    if (next === undefined) this.last = previous;
    else next.linePrevious = previous;
    member.waitingForSlot = false;
    member.lineNext = undefined;
    member.linePrevious = undefined;
    this.waiting--;
  }

  /** Takes the oldest member out of the line when a slot is free. */
  admitNext(): TMember | undefined {
    const member = this.first;
    if (member === undefined || !this.hasFreeSlot()) return undefined;
    this.leave(member);
    return member;
  }

  /** Drops every running turn and the whole line: the scheduler forgot its sessions [LIV-2]. */
  forgetAll(): void {
    while (this.first !== undefined) this.leave(this.first);
    this.running = 0;
  }
}
