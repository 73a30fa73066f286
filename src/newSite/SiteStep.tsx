/**
 * Step 1: the flow, department → municipality, entity type and the site of that place and type (installed ones and
 * those with a pending request flagged and not selectable), or a new site when one may be added (spec 01).
 */
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { RadioButtonGroupInput, SelectInput } from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { canAddNewSite, flowProblem, REQUEST_FLOWS, siteSelectable, type RequestFlow, type WizardSite } from '../../resources/newSiteRequest';
import { useText } from '../shared/useText';
import { fetchDepartments, fetchMunicipalities, fetchSites, type Named, type SiteTypeOption } from './newSiteApi';

/** The names of the department and municipality chosen (the confirmation step's summary shows them). */
export interface PlaceNames {
  department: string | null;
  municipality: string | null;
}

interface Props {
  siteTypes: readonly SiteTypeOption[];
  sites: readonly WizardSite[];
  onSites: (sites: WizardSite[]) => void;
  onPlaceNames: (names: PlaceNames) => void;
}

const idOf = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

export function SiteStep({ siteTypes, sites, onSites, onPlaceNames }: Props) {
  const text = useText();
  const { setValue } = useFormContext();
  const [departments, setDepartments] = useState<Named[]>([]);
  const [municipalities, setMunicipalities] = useState<Named[]>([]);
  const flow = useWatch({ name: 'requestType' }) as RequestFlow | null;
  const department = idOf(useWatch({ name: 'parentLocationId' }));
  const municipality = idOf(useWatch({ name: 'locationId' }));
  const siteTypeId = idOf(useWatch({ name: 'siteTypeId' }));
  const orderType = siteTypes.find((type) => type.id === siteTypeId)?.orderType ?? null;
  const place = orderType === 0 ? department : (municipality ?? (orderType === null ? department : null));

  useEffect(() => {
    void fetchDepartments().then(setDepartments, () => setDepartments([]));
  }, []);
  useEffect(() => {
    setMunicipalities([]);
    if (department) void fetchMunicipalities(department).then(setMunicipalities, () => setMunicipalities([]));
  }, [department]);
  useEffect(() => {
    onSites([]);
    if (place && siteTypeId) void fetchSites(place, siteTypeId).then(onSites, () => onSites([]));
  }, [place, siteTypeId, onSites]);

  const departmentName = departments.find((option) => option.id === department)?.name ?? null;
  const municipalityName = orderType === 0 ? null : (municipalities.find((option) => option.id === municipality)?.name ?? null);
  useEffect(() => {
    onPlaceNames({ department: departmentName, municipality: municipalityName });
  }, [departmentName, municipalityName, onPlaceNames]);

  const { field, fieldState } = useController({ name: 'siteId', defaultValue: null });
  const choiceValue = field.value === null || field.value === undefined ? '' : String(field.value);
  // A choice that the list no longer offers is dropped.
  useEffect(() => {
    if (field.value === 'new' && !canAddNewSite(flow, siteTypeId, sites)) setValue('siteId', null);
    if (typeof field.value === 'number' && !sites.some((site) => site.id === field.value && siteSelectable(flow, site))) setValue('siteId', null);
  }, [flow, siteTypeId, sites, field.value, setValue]);

  const problem = flowProblem(flow, siteTypeId, sites);
  const listShown = place !== null && siteTypeId !== null;
  return (
    <Stack spacing={1}>
      <RadioButtonGroupInput
        source="requestType"
        label="newSite.fields.requestType"
        choices={REQUEST_FLOWS.map((id) => ({ id, name: `newSite.flows.${id}` }))}
        row={false}
      />
      <SelectInput
        source="parentLocationId"
        label="newSite.fields.parentLocationId"
        choices={departments}
        translateChoice={false}
        onChange={() => {
          setValue('locationId', null);
          setValue('siteId', null);
        }}
      />
      <SelectInput source="siteTypeId" label="newSite.fields.siteTypeId" choices={siteTypes as SiteTypeOption[]} translateChoice={false} onChange={() => setValue('siteId', null)} />
      {orderType !== 0 && (
        <SelectInput
          source="locationId"
          label="newSite.fields.locationId"
          choices={municipalities}
          translateChoice={false}
          disabled={!department}
          emptyText=""
          onChange={() => setValue('siteId', null)}
        />
      )}
      {!listShown ? (
        <Typography color="text.secondary">{text('newSite.site.choose_location')}</Typography>
      ) : (
        <FormControl error={fieldState.invalid} component="fieldset">
          <FormLabel component="legend" id="newsite-sites-label">
            {text('newSite.site.list_label')}
          </FormLabel>
          {sites.length === 0 && <Typography color="text.secondary">{text('newSite.site.none')}</Typography>}
          <RadioGroup
            name="siteId"
            aria-labelledby="newsite-sites-label"
            value={choiceValue}
            onChange={(event) => field.onChange(event.target.value === 'new' ? 'new' : Number(event.target.value))}
          >
            {sites.map((site) => (
              <FormControlLabel
                key={site.id}
                value={String(site.id)}
                disabled={!flow || !siteSelectable(flow, site)}
                control={<Radio />}
                label={
                  <span>
                    {site.name}{' '}
                    {site.installed && <Chip size="small" label={text('newSite.site.installed')} />}{' '}
                    {site.pendingRequest && <Chip size="small" color="warning" label={text('newSite.site.pending')} />}
                  </span>
                }
              />
            ))}
            {canAddNewSite(flow, siteTypeId, sites) && <FormControlLabel value="new" control={<Radio />} label={text('newSite.site.new')} />}
          </RadioGroup>
          {fieldState.error?.message && !problem && <FormHelperText>{text(fieldState.error.message)}</FormHelperText>}
        </FormControl>
      )}
      {problem && (
        <Alert severity="warning" role="alert">
          {text(problem)}
        </Alert>
      )}
    </Stack>
  );
}
