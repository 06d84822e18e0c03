import { describe, expect, it } from 'vitest';
import { CONFLICT_MARGIN, findConflicts } from './conflicts.ts';

const command = (command_id: number, score: number) => ({
  command_id,
  command_name: `c${command_id}`,
  score,
});

describe('conflicted commands', () => {
  it('are the runner-ups within the margin of the best score, whatever the input order', () => {
    const ranking = [command(2, 0.62), command(1, 0.7), command(3, 0.55), command(4, 0.4)];
    expect(findConflicts(ranking).map((entry) => entry.command_id)).toEqual([2]);
  });

  it('include a runner-up exactly at the margin and leave out the best itself', () => {
    const ranking = [command(1, 0.5), command(2, 0.5 - CONFLICT_MARGIN)];
    expect(findConflicts(ranking).map((entry) => entry.command_id)).toEqual([2]);
  });

  it('are none when the best stands clear or there is no ranking', () => {
    expect(findConflicts([command(1, 0.9), command(2, 0.3)])).toEqual([]);
    expect(findConflicts([command(1, 0.9)])).toEqual([]);
    expect(findConflicts([])).toEqual([]);
  });
});
