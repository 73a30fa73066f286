/**
 * The inputs of the site form (spec 01 §5 'Site form'): name, alias (locked once installed), department →
 * municipality (the municipality's choices follow the department), entity type → entity order (§4), the domain with
 * its live availability check, address, coordinates and the map.
 */
import { useEffect, useRef, useState } from 'react';
import { Stack } from '@mui/material';
import { ReferenceInput, SelectInput, TextInput, useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PortalesDataProvider } from '../../../dataProvider';
import type { HttpErrorBody } from '../../../dataProvider/errors';
import {
  needsUrlCheck,
  orderTypeForSiteType,
  SITE_ORDER_TYPE,
  URL_CHECK_DELAY_MS,
  urlAvailability,
  type SiteFormRecord,
} from '../../../resources/siteForm';
import { COUNTRY_LOCATION_ID, LOCATIONS_PAGE_SIZE } from '../siteListRules';
import { CoordinatesAndMap } from './CoordinatesAndMap';

/** Site types fetched 1000 per page (spec 01 §9). */
const SITE_TYPES_PAGE_SIZE = 1000;
const BY_NAME = { field: 'name', order: 'ASC' } as const;
const ORDER_TYPE_CHOICES = [
  { id: SITE_ORDER_TYPE.departmental, name: 'sites.form.order_types.departmental' },
  { id: SITE_ORDER_TYPE.municipal, name: 'sites.form.order_types.municipal' },
];

/** Department and municipality: choosing another department clears the municipality. */
function LocationInputs() {
  const { setValue } = useFormContext();
  const parentLocationId = useWatch({ name: 'parentLocationId' }) as number | string | null;
  const department = Number(parentLocationId) > 0 ? Number(parentLocationId) : null;
  const previous = useRef(department);
  useEffect(() => {
    if (previous.current !== department) setValue('locationId', null, { shouldDirty: true });
    previous.current = department;
  }, [department, setValue]);
  return (
    <Stack direction="row" spacing={2}>
      <ReferenceInput
        source="parentLocationId"
        reference="locations"
        filter={{ parentLocationId: COUNTRY_LOCATION_ID, isMunicipality: false }}
        perPage={LOCATIONS_PAGE_SIZE}
        sort={BY_NAME}
      >
        <SelectInput label="sites.form.parentLocationId" optionText="name" fullWidth />
      </ReferenceInput>
      <ReferenceInput
        source="locationId"
        reference="locations"
        filter={{ parentLocationId: department ?? 0, isMunicipality: true }}
        perPage={LOCATIONS_PAGE_SIZE}
        sort={BY_NAME}
        queryOptions={{ enabled: department !== null }}
      >
        <SelectInput
          label="sites.form.locationId"
          optionText="name"
          readOnly={department === null}
          helperText={department === null ? 'sites.form.choose_department_first' : undefined}
          fullWidth
        />
      </ReferenceInput>
    </Stack>
  );
}

/** Entity type and order: types 1–4 impose the order (spec 01 §4), type 5 lets the user choose. */
function SiteTypeInputs() {
  const { setValue, getValues } = useFormContext();
  const siteTypeId = useWatch({ name: 'siteTypeId' });
  const imposed = orderTypeForSiteType(siteTypeId);
  useEffect(() => {
    if (imposed !== null && getValues('orderType') !== imposed) setValue('orderType', imposed, { shouldDirty: true });
  }, [imposed, getValues, setValue]);
  return (
    <Stack direction="row" spacing={2}>
      <ReferenceInput source="siteTypeId" reference="sitetypes" perPage={SITE_TYPES_PAGE_SIZE} sort={BY_NAME}>
        <SelectInput label="sites.form.siteTypeId" optionText="name" fullWidth />
      </ReferenceInput>
      <SelectInput
        source="orderType"
        label="sites.form.orderType"
        choices={ORDER_TYPE_CHOICES}
        readOnly={imposed !== null}
        helperText={imposed !== null ? 'sites.form.order_type_from_site_type' : undefined}
        fullWidth
      />
    </Stack>
  );
}

type UrlCheck = 'idle' | 'checking' | 'available' | 'taken';

/** A refusal of GET /allowurl/ that means "in use" (409, or 400 BadArgument), as opposed to a failed check. */
function refusalMeansTaken(error: unknown): boolean {
  const status = (error as { status?: number } | null)?.status;
  const body = (error as { body?: HttpErrorBody } | null)?.body;
  return status === 409 || (status === 400 && body?.code === 'BadArgument');
}

/**
 * The domain, checked with GET /allowurl/?url= once typing pauses (a complete URL other than the site's own). A URL
 * in use is remembered (`onTaken`) so the form's validation shows 'La Url que intentas usar ya se encuentra en uso'.
 */
function AllowedUrlInput({ record, onTaken }: { record?: SiteFormRecord; onTaken: (url: string) => void }) {
  const dataProvider = useDataProvider<PortalesDataProvider>();
  const { setValue, getValues } = useFormContext();
  const value = useWatch({ name: 'allowedUrl' }) as unknown;
  const [check, setCheck] = useState<UrlCheck>('idle');
  useEffect(() => {
    if (!needsUrlCheck(value, record)) {
      setCheck('idle');
      return undefined;
    }
    const url = value.trim();
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setCheck('checking');
      dataProvider
        .request('/allowurl/', { query: { url }, signal: controller.signal })
        .then((response) => urlAvailability(response.json))
        .catch((error: unknown) => (refusalMeansTaken(error) ? false : null))
        .then((available) => {
          if (controller.signal.aborted) return;
          if (available === false) {
            onTaken(url);
            setCheck('taken');
            // Validate now, so the message shows while the user is still on the field.
            setValue('allowedUrl', getValues('allowedUrl'), { shouldValidate: true, shouldTouch: true });
          } else {
            setCheck(available ? 'available' : 'idle');
          }
        });
    }, URL_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, record, dataProvider, onTaken, setValue, getValues]);
  const helperText = check === 'checking' ? 'sites.form.url_checking' : check === 'available' ? 'sites.form.url_available' : undefined;
  return <TextInput source="allowedUrl" label="sites.form.allowedUrl" helperText={helperText} fullWidth />;
}

export function SiteFormFields({ record, onUrlTaken }: { record?: SiteFormRecord; onUrlTaken: (url: string) => void }) {
  return (
    <>
      <TextInput source="name" label="sites.form.name" fullWidth />
      <TextInput
        source="alias"
        label="sites.form.alias"
        readOnly={record?.installed === true}
        helperText={record?.installed ? 'sites.form.alias_locked' : undefined}
        fullWidth
      />
      <LocationInputs />
      <SiteTypeInputs />
      <AllowedUrlInput record={record} onTaken={onUrlTaken} />
      <TextInput source="address" label="sites.form.address" fullWidth />
      <CoordinatesAndMap
        latitude={{ source: 'siteLatitude', label: 'sites.form.siteLatitude' }}
        longitude={{ source: 'siteLongitude', label: 'sites.form.siteLongitude' }}
        initial={{ latitude: record?.siteLatitude, longitude: record?.siteLongitude }}
      />
    </>
  );
}
