/**
 * A throwaway declaration for tests: like `defineResource`, but it writes its own route and access instead of
 * taking them from an area of the area table (resources/areas.ts), since test resources have no area.
 */
import type { AnyObject } from 'yup';
import type { ResourceDeclaration } from '../../resources/types';

export function defineTestResource<TRecord extends AnyObject>(declaration: ResourceDeclaration<TRecord>): ResourceDeclaration<TRecord> {
  return declaration;
}
