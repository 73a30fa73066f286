import { trimmedString } from '../text';

/** Catalogue names (spec 03 §5): required, max 100, 'Debes registrar un nombre válido'. */
export const catalogueName = () =>
  trimmedString()
    .required('validation.catalogue.name')
    .max(100, 'validation.catalogue.name');
