/** Gender choices of the edit modals (spec 01 §3: 0 Masculino, 1 Femenino, 2 Otro; a site user may have none). */
import { GENDER_IDS } from '../../../resources/people/rules';

export const GENDER_CHOICES = GENDER_IDS.map((id) => ({ id, name: `people.genders.${id}` }));
