import { describe, expect, it } from 'vitest';
import { isApiPath } from './apiPath';

describe('isApiPath', () => {
  it.each([
    ['/api/v1/nothing', true],
    ['/API/V1/nothing', true],
    ['/Api/v1/sitetypes/1', true],
    ['//api/v1/users/', true],
    ['/api//v1/users/', true],
    ['/%61pi/v1/nothing', true],
    ['/%41PI/v1/nothing', true],
    ['/api%2Fv1/nothing', true],
    ['/api', true],
    ['/API?x=1', true],
    ['/api/docs', true],
    ['/x/../api/v1/nothing', true],
    ['/api/../x', true],
    ['\\api\\v1\\nothing', true],
    ['/api/v1/%E0%A4%A', true],
    ['/', false],
    ['/usuarios/1', false],
    ['/apis', false],
    ['/assets/api.js', false],
    ['/configuracion?next=/api/v1/users', false],
    ['/%E0%A4%A', false],
  ])('%s → %s', (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});
