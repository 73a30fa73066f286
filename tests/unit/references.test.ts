import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { findReference, resourceReferences } from '../../resources/references';

describe('resource references (the first chunk reads these, not the declarations)', () => {
  it('list every declaration, in the same order', () => {
    expect(resourceReferences.map((reference) => reference.name)).toEqual(resources.map((declaration) => declaration.name));
  });

  it("are each declaration's reference part, screen facts included", () => {
    for (const declaration of resources) {
      const reference = findReference(declaration.name)!;
      for (const [key, value] of Object.entries(reference)) {
        expect(declaration[key as keyof typeof declaration], `${declaration.name}.${key}`).toEqual(value);
      }
      expect(reference.routes ?? 'generated', declaration.name).toBe(declaration.routes ?? 'generated');
    }
  });
});
