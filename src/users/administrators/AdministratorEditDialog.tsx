/**
 * 'Actualizar administrador' (spec 01 §3 'Site administrator update', §5): name, e-mail, gender, birth date (13 years
 * or more, from 1928), type, external and inactive flags, a new password with its confirmation (empty keeps the
 * current one) and the site permissions, at least one. Validated with the server's schema
 * (resources/people/rules.ts `administratorSchema`), saved with `PUT /usermain/{id}`.
 */
import { BooleanInput, DateInput, PasswordInput, SelectInput, TextInput } from 'react-admin';
import { ADMIN_TYPES, EARLIEST_BIRTH_DATE, latestBirthDate } from '../../../resources/people/rules';
import { choiceKey, fieldLabelKey } from '../../../resources/types';
import { ResourceEdit } from '../../engine';
import { GENDER_CHOICES } from '../shared/genderChoices';
import { SitePermissionsInput } from '../shared/SitePermissionsInput';

const label = (field: string) => fieldLabelKey('administrators', field);
const ADMIN_TYPE_CHOICES = ADMIN_TYPES.map((id) => ({ id, name: choiceKey('administrators', 'adminType', id) }));

export function AdministratorEditDialog() {
  return (
    <ResourceEdit title="people.administrators.edit_title">
      <TextInput source="name" label={label('name')} fullWidth />
      <TextInput source="email" label={label('email')} type="email" fullWidth />
      <SelectInput source="genderId" label={label('genderId')} choices={GENDER_CHOICES} fullWidth />
      <DateInput
        source="birthDate"
        label={label('birthDate')}
        fullWidth
        slotProps={{ htmlInput: { min: EARLIEST_BIRTH_DATE, max: latestBirthDate() } }}
      />
      <SelectInput source="adminType" label={label('adminType')} choices={ADMIN_TYPE_CHOICES} fullWidth />
      <PasswordInput source="password" label={label('password')} helperText="people.administrators.password_hint" fullWidth autoComplete="new-password" />
      <PasswordInput source="confirmPassword" label={label('confirmPassword')} fullWidth autoComplete="new-password" />
      <BooleanInput source="isGuest" label={label('isGuest')} />
      <BooleanInput source="deleted" label={label('deleted')} />
      <SitePermissionsInput label={label('permissions')} />
    </ResourceEdit>
  );
}
