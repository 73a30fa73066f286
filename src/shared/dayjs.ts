/** dayjs in Spanish with weeks starting on Monday (spec 03 §9), for the date pickers. */
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import updateLocale from 'dayjs/plugin/updateLocale';

dayjs.extend(updateLocale);
dayjs.updateLocale('es', { weekStart: 1 });
dayjs.locale('es');

export { dayjs };
