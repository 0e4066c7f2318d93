import { describe, expect, it } from 'vitest';
import { RunningTurns } from './running-turns';

describe('RunningTurns: the running turn of each session as one process knows it ([ABT-7])', () => {
  it('knows a turn from its opening until its end', () => {
    const turns = new RunningTurns();
    turns.opened('s1', 't1', 'p1');
    expect(turns.turnOf('s1')).toBe('t1');
    turns.ended('s1', 't1');
    expect(turns.turnOf('s1')).toBeUndefined();
  });

  it('an opening heard after the end of the same turn does not bring it back as running', () => {
    const turns = new RunningTurns();
    turns.ended('s1', 't1');
    turns.opened('s1', 't1', 'p1');
    expect(turns.turnOf('s1')).toBeUndefined();
    turns.opened('s1', 't2', 'p1');
    expect(turns.turnOf('s1')).toBe('t2');
  });

  it('the end of an earlier turn heard late leaves the later turn running', () => {
    const turns = new RunningTurns();
    turns.opened('s1', 't2', 'p1');
    turns.ended('s1', 't1');
    expect(turns.turnOf('s1')).toBe('t2');
  });

  it('remembers a bounded number of ended turns: the oldest are forgotten first', () => {
    const turns = new RunningTurns();
    for (let index = 0; index <= 4096; index += 1) turns.ended('s1', `t${index}`);
    turns.opened('s1', 't0', 'p1');
    expect(turns.turnOf('s1')).toBe('t0');
    turns.opened('s2', 't4096', 'p1');
    expect(turns.turnOf('s2')).toBeUndefined();
  });
});
