/**
 * 'Editar usuario' (spec 01 §3 'Site user', §5): name, e-mail, site, authentication level, gender (none, Masculino,
 * Femenino, Otro), birth date and the site permissions, each with its enabled flag; saving needs one enabled.
 * Validated with the server's schema (resources/people/rules.ts `siteUserSchema`), saved with `PUT /siteuser/{id}`.
 */
import { AutocompleteInput, DateInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { EARLIEST_BIRTH_DATE, latestBirthDate, LOA_VALUES } from '../../../resources/people/rules';
import { fieldLabelKey } from '../../../resources/types';
import { ResourceEdit } from '../../engine';
import { GENDER_CHOICES } from '../shared/genderChoices';
import { SitePermissionsInput } from '../shared/SitePermissionsInput';

const label = (field: string) => fieldLabelKey('siteusers', field);
const LOA_CHOICES = LOA_VALUES.map((id) => ({ id, name: String(id) }));
const emptyIsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

export function SiteUserEditDialog() {
  return (
    <ResourceEdit title="people.siteusers.edit_title">
      <TextInput source="name" label={label('name')} fullWidth />
      <TextInput source="email" label={label('email')} type="email" fullWidth />
      <ReferenceInput source="siteId" reference="sites">
        <AutocompleteInput label={label('siteId')} optionText="name" filterToQuery={(name: string) => ({ name })} fullWidth />
      </ReferenceInput>
      <SelectInput source="loa" label={label('loa')} choices={LOA_CHOICES} parse={emptyIsNull} fullWidth />
      <SelectInput source="genderId" label={label('genderId')} choices={GENDER_CHOICES} emptyText="people.genders.none" parse={emptyIsNull} fullWidth />
      <DateInput
        source="birthDate"
        label={label('birthDate')}
        parse={emptyIsNull}
        fullWidth
        slotProps={{ htmlInput: { min: EARLIEST_BIRTH_DATE, max: latestBirthDate() } }}
      />
      <SitePermissionsInput label={label('permissions')} />
    </ResourceEdit>
  );
}
