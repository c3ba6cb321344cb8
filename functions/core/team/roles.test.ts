import { describe, expect, it } from 'vitest';
import { administratorWhoStays, isLegacyMember, ROLE_MODEL, withCurrentRole } from './roles';

describe('the four-roles migration rule', () => {
  it('reads a MEMBER written before the four roles as an APPROVER of the current model', () => {
    const legacy = { email: 'pat@example.com', role: 'MEMBER' as const };
    expect(isLegacyMember(legacy)).toBe(true);
    expect(withCurrentRole(legacy)).toEqual({
      email: 'pat@example.com',
      role: 'APPROVER',
      roleModel: ROLE_MODEL,
    });
  });

  it('leaves a MEMBER chosen since, and every other role, as stored', () => {
    const chosen = { role: 'MEMBER' as const, roleModel: ROLE_MODEL };
    expect(withCurrentRole(chosen)).toBe(chosen);
    for (const role of ['ADMIN', 'APPROVER', 'VIEWER'] as const) {
      expect(isLegacyMember({ role })).toBe(false);
      expect(withCurrentRole({ role }).role).toBe(role);
    }
  });
});

describe('the last-administrator rule', () => {
  const members = [
    { id: 'a1', role: 'ADMIN' as const },
    { id: 'm1', role: 'MEMBER' as const },
  ];

  it('names another administrator who stays one', () => {
    expect(administratorWhoStays([...members, { id: 'a2', role: 'ADMIN' }], 'a1')).toBe('a2');
    expect(administratorWhoStays([...members, { id: 'a2', role: 'ADMIN' }], 'a2')).toBe('a1');
  });

  it('refuses to let the only administrator go', () => {
    expect(() => administratorWhoStays(members, 'a1')).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'last_admin' }),
    );
  });
});
