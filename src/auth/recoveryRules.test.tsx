import { describe, expect, it } from 'vitest';
import { tooLongOnly } from './recoveryRules';

describe('tooLongOnly', () => {
  const found = { password: 'validation.login.new_password', confirmPassword: 'validation.login.password_mismatch' };

  it('keeps only the password error when the password is longer than 50 characters', () => {
    expect(tooLongOnly({ password: 'a'.repeat(51), confirmPassword: '' }, found)).toEqual({ password: found.password });
  });

  it('reports nothing for a short or a 50-character password before the first submit', () => {
    expect(tooLongOnly({ password: '123', confirmPassword: '' }, found)).toEqual({});
    expect(tooLongOnly({ password: 'a'.repeat(50), confirmPassword: '' }, found)).toEqual({});
  });

  it('reports nothing when the schema found no password error', () => {
    expect(tooLongOnly({ password: 'a'.repeat(60) }, { confirmPassword: 'x' })).toEqual({});
  });
});
