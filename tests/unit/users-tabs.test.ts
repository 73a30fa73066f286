import { describe, expect, it } from 'vitest';
import { currentUsersTab, usersTabs } from '../../src/users/usersTabs';

describe('users tabs', () => {
  it('shows superadmins only with Users, and opens on it; otherwise on administrators', () => {
    expect(usersTabs(['Users'])).toEqual(['superadministradores', 'administradores', 'usuarios']);
    expect(usersTabs(['Reports'])).toEqual(['administradores', 'usuarios']);
    expect(currentUsersTab(['Users', 'Reports'], null)).toBe('superadministradores');
    expect(currentUsersTab(['Reports'], null)).toBe('administradores');
  });

  it('keeps the tab of the address when the holder sees it', () => {
    expect(currentUsersTab(['Users'], 'usuarios')).toBe('usuarios');
    expect(currentUsersTab(['Reports'], 'superadministradores')).toBe('administradores');
    expect(currentUsersTab(['Reports'], 'otra')).toBe('administradores');
  });
});
