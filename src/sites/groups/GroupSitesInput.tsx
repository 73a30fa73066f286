/**
 * The group's entities (the ordered `manyToMany` field `sites`): a search box that asks `GET /sites/groupsites/find`
 * from 3 characters, 350 ms after the last key, 100 results; each result can be added once; the chosen entities are an
 * ordered list (up, down, remove). Names of the group's current entities come from the record's `rows` (read with the
 * group, never in the list: the engine's edit reads the whole record, src/engine/useDetailRecord.ts).
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Autocomplete, Box, FormHelperText, IconButton, List, ListItem, ListItemText, TextField, Typography } from '@mui/material';
import { useEffect, useId, useMemo, useState } from 'react';
import { useDataProvider, useInput, useRecordContext, useTranslate } from 'react-admin';
import type { GroupRecord, GroupSiteCandidate } from '../../../resources/groups';
import { GROUP_SEARCH_DELAY_MS, GROUP_SEARCH_PAGE_SIZE, moveItem, searchable } from './groupSearch';

export function GroupSitesInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const record = useRecordContext<GroupRecord>();
  const { field, fieldState } = useInput({ source: 'sites' });
  const ids: number[] = Array.isArray(field.value) ? field.value.map(Number) : [];
  // The current record's names (its `rows`, read with the group: a detailOnly field) as they are now, not only at the
  // first render; plus the names of the entities added from the search.
  const recordNames = useMemo(() => new Map((record?.rows ?? []).map((row) => [row.siteID, row.name])), [record?.rows]);
  const [addedNames, setAddedNames] = useState<Map<number, string>>(() => new Map());
  const [text, setText] = useState('');
  const [options, setOptions] = useState<GroupSiteCandidate[]>([]);
  const [loading, setLoading] = useState(false);
  const listId = useId();

  useEffect(() => {
    if (!searchable(text)) {
      setOptions([]);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      dataProvider
        .getList<GroupSiteCandidate & { id: number }>('groupSitesFind', {
          filter: { search: text.trim() },
          pagination: { page: 1, perPage: GROUP_SEARCH_PAGE_SIZE },
          sort: { field: 'name', order: 'ASC' },
        })
        .then(({ data }) => current && setOptions(data.map((row) => ({ siteID: Number(row.siteID ?? row.id), name: row.name, alias: row.alias }))))
        .catch(() => current && setOptions([]))
        .finally(() => current && setLoading(false));
    }, GROUP_SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, dataProvider]);

  const add = (candidate: GroupSiteCandidate | null) => {
    if (!candidate || ids.includes(candidate.siteID)) return;
    setAddedNames((known) => new Map(known).set(candidate.siteID, candidate.name));
    field.onChange([...ids, candidate.siteID]);
    setText('');
  };
  const nameOf = (id: number) => addedNames.get(id) ?? recordNames.get(id) ?? `#${id}`;
  // react-admin keeps a form-level message as a string or as { message, args }.
  const error = fieldState.error?.message as unknown;
  const errorMessage = typeof error === 'string' ? error : (error as { message?: string } | undefined)?.message;
  const errorText = errorMessage ? translate(errorMessage, { _: errorMessage }) : null;

  return (
    <Box sx={{ my: 1 }}>
      <Autocomplete
        options={options.filter((option) => !ids.includes(option.siteID))}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.siteID === value.siteID}
        filterOptions={(all) => all}
        loading={loading}
        loadingText={translate('siteGroups.form.searching')}
        noOptionsText={translate(searchable(text) ? 'siteGroups.form.no_matches' : 'siteGroups.form.search_hint')}
        value={null}
        inputValue={text}
        onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
        onChange={(_event, value) => add(value)}
        renderInput={(params) => <TextField {...params} label={translate('siteGroups.form.search')} helperText={translate('siteGroups.form.search_hint')} />}
      />
      <Typography id={listId} variant="subtitle2" sx={{ mt: 2 }}>
        {translate('siteGroups.form.selected', { count: ids.length })}
      </Typography>
      {ids.length === 0 ? (
        <Typography variant="body2">{translate('siteGroups.form.none_selected')}</Typography>
      ) : (
        <List dense aria-labelledby={listId}>
          {ids.map((id, index) => (
            <ListItem
              key={id}
              secondaryAction={
                <>
                  <IconButton aria-label={translate('siteGroups.form.move_up', { name: nameOf(id) })} disabled={index === 0} onClick={() => field.onChange(moveItem(ids, index, -1))}>
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={translate('siteGroups.form.move_down', { name: nameOf(id) })} disabled={index === ids.length - 1} onClick={() => field.onChange(moveItem(ids, index, 1))}>
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton aria-label={translate('siteGroups.form.remove', { name: nameOf(id) })} onClick={() => field.onChange(ids.filter((other) => other !== id))}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </>
              }
            >
              <ListItemText primary={`${index + 1}. ${nameOf(id)}`} />
            </ListItem>
          ))}
        </List>
      )}
      {errorText && <FormHelperText error>{errorText}</FormHelperText>}
    </Box>
  );
}
