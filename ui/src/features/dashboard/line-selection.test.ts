import { describe, expect, it } from 'vitest';
import { ROLE } from '../../lib/roles';
import { lineSelection } from './line-selection';

describe('what the dashboard route shows (SPEC.md section 2)', () => {
  it('shows the line of ?line=, else the terminal line', () => {
    expect(lineSelection('4', ROLE.CONSULTANT, null)).toEqual({ kind: 'line', lineID: 4 });
    expect(lineSelection(null, ROLE.OPERATOR, 7)).toEqual({ kind: 'line', lineID: 7 });
  });

  it('without a line and a terminal: the picker for non-operational roles, "not configured" for the operator', () => {
    expect(lineSelection(null, ROLE.SUPERVISOR, null)).toEqual({ kind: 'picker' });
    expect(lineSelection(null, ROLE.ADMINISTRATOR, null)).toEqual({ kind: 'picker' });
    expect(lineSelection(null, ROLE.OPERATOR, null)).toEqual({ kind: 'noTerminal' });
  });

  it('gives a role outside the four the not-allowed page, and a bad or foreign line the no-access page', () => {
    expect(lineSelection('3', 9, null)).toEqual({ kind: 'notAllowed' });
    expect(lineSelection('abc', ROLE.SUPERVISOR, null)).toEqual({ kind: 'noAccess' });
    expect(lineSelection('100', ROLE.SUPERVISOR, null)).toEqual({ kind: 'noAccess' });
    expect(lineSelection('3', ROLE.OPERATOR, 7)).toEqual({ kind: 'noAccess' });
  });
});
