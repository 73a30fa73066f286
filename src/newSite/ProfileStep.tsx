/** Steps 3 and 4: a profile (legal representative or webmaster) with every field of spec 01 §5. */
import Grid from '@mui/material/Grid';
import { RadioButtonGroupInput, TextInput } from 'react-admin';
import { PROFILE_FIELDS, PROFILE_GENDERS, profileFieldName, type ProfileField, type ProfileKind } from '../../resources/requestProfile';

const INPUT_PROPS: Partial<Record<ProfileField, { type?: string; inputMode?: 'numeric' | 'email' | 'tel'; autoComplete?: string }>> = {
  name: { autoComplete: 'given-name' },
  lastName: { autoComplete: 'family-name' },
  identificationNumber: { inputMode: 'numeric' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
  phone2: { type: 'tel', inputMode: 'tel' },
};

export function ProfileStep({ kind }: { kind: ProfileKind }) {
  return (
    <Grid container columnSpacing={2}>
      {PROFILE_FIELDS.map((field) => {
        const source = `${kind}.${profileFieldName(kind, field)}`;
        const label = `newSite.fields.profile.${field}`;
        if (field === 'gender') {
          return (
            <Grid key={field} size={{ xs: 12 }}>
              <RadioButtonGroupInput source={source} label={label} choices={PROFILE_GENDERS.map((id) => ({ id, name: `newSite.fields.gender.${id}` }))} />
            </Grid>
          );
        }
        const props = INPUT_PROPS[field] ?? {};
        return (
          <Grid key={field} size={{ xs: 12, sm: 6 }}>
            <TextInput source={source} label={label} fullWidth type={props.type} autoComplete={props.autoComplete} inputProps={props.inputMode ? { inputMode: props.inputMode } : undefined} />
          </Grid>
        );
      })}
    </Grid>
  );
}
