import { describe, expect, it } from 'vitest';
import { groupsResource } from '../../resources/groups';
import { formFields, listFields } from './declarationFields';

describe('the generated screen leaves out hidden fields (columns the API never answers)', () => {
  it("groups' createdDate is a column of the table, never a list column nor a form input", () => {
    expect(groupsResource.fields.some((field) => field.source === 'createdDate' && field.hidden)).toBe(true);
    expect(listFields(groupsResource).map((field) => field.source)).toEqual(['name', 'countEntities']);
    expect(formFields(groupsResource).map((field) => field.source)).toEqual(['name', 'sites']);
  });
});
