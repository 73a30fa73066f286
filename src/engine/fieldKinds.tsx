/**
 * The React parts of the engine's field kinds (resources/fieldKinds.ts has their rules, OpenAPI and filters;
 * server/db/resourceTable.ts their columns): per kind, the list cell, the form input and (optionally) the list
 * filter widgets. Adding a kind is one entry here.
 */
import { Box, Chip, CircularProgress, Stack } from '@mui/material';
import { lazy, Suspense, useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  DateTimeInput,
  EmailField,
  FunctionField,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  RichTextField,
  SelectField,
  SelectInput,
  TextField,
  TextInput,
  UrlField,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDate, formatDateTime } from '../../resources/dates';
import { choiceLabelKey, EMAIL_MAX_LENGTH } from '../../resources/fieldKinds';
import type { DayInputProps } from './DayInput';
import type { FieldDeclaration, FieldType } from '../../resources/types';
import { AudienceInput, AudienceReachLine } from '../shared/audience';
import type { Audience } from '../../resources/audience';
import { FileCell, FilesCell, FilesUploadInput, FileUploadInput } from './FileFieldParts';

export const LOCALE = 'es-CO';

// The editor (tiptap) stays out of the first chunk: loaded when a form with a richText field opens.
const RichTextInput = lazy(() => import('ra-input-rich-text').then((module) => ({ default: module.RichTextInput })));

/**
 * ra-input-rich-text's markup as axe reads it (WCAG A/AA): its editor box names itself by the label without a role, and
 * the heading menu's items sit in a list that is no `ul`. Both get the role that makes them valid, whenever they render.
 */
function AccessibleRichText({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = box.current;
    if (!root) return undefined;
    const fix = () => {
      for (const editor of root.querySelectorAll('.RaRichTextInput-editorContent[aria-labelledby]:not([role])')) editor.setAttribute('role', 'group');
      for (const list of root.querySelectorAll('.RaRichTextInputLevelSelect-list:not(ul):not([role])')) list.setAttribute('role', 'list');
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return <Box ref={box}>{children}</Box>;
}

interface KindProps {
  field: FieldDeclaration;
  /** The react-admin resource name: enum labels are `resources.<name>.fields.<source>.choices.<value>`. */
  resource: string;
}
interface InputProps extends KindProps {
  compact: boolean;
}

interface ReactKind {
  cell(props: KindProps): ReactElement | null;
  input(props: InputProps): ReactElement | null;
  /**
   * The list filter widgets (react-admin inputs with a `source`, for `<List filters>`; kept in the address).
   * None: the kind cannot be filtered. A date filters by a range: `<source>From` and `<source>To`.
   */
  filter?(props: KindProps): ReactElement[];
}

/** The label of a range bound: 'Fecha de creación desde' / 'hasta'. */
function RangeLabel({ label, bound }: { label: string; bound: 'from' | 'to' }) {
  const translate = useTranslate();
  return <>{translate(`engine.filters.${bound}`, { field: translate(label) })}</>;
}

const textFilter = ({ field }: KindProps) => [<TextInput key={field.source} source={field.source} label={field.label} alwaysOn />];
const numberFilter = ({ field }: KindProps) => [<NumberInput key={field.source} source={field.source} label={field.label} step={1} alwaysOn />];
// The platform's day picker (dd/mm/aaaa, Monday first), loaded with the first screen that has a date field.
const LazyDayInput = lazy(() => import('./DayInput'));
function DayInput(props: DayInputProps) {
  return (
    <Suspense fallback={<CircularProgress size={24} />}>
      <LazyDayInput {...props} />
    </Suspense>
  );
}

const dateRangeFilter = ({ field }: KindProps) => [
  <DayInput key={`${field.source}From`} source={`${field.source}From`} label={<RangeLabel label={field.label} bound="from" />} alwaysOn />,
  <DayInput key={`${field.source}To`} source={`${field.source}To`} label={<RangeLabel label={field.label} bound="to" />} alwaysOn />,
];

/** A date cell as every screen writes dates (resources/dates.ts: dd/mm/aaaa, hh:mm a. m. with a time). */
const dateCell = (source: string, write: (value: unknown) => string, emptyText?: string) =>
  emptyText ? <EmptyTextCell source={source} write={write} emptyText={emptyText} /> : <FunctionField source={source} render={(record: Record<string, unknown>) => write(record?.[source])} />;

/** A cell whose empty value reads the field's `emptyText` (a policy version's open end date: 'Vigente'). */
function EmptyTextCell({ source, write, emptyText }: { source: string; write: (value: unknown) => string; emptyText: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source];
  return <>{value === null || value === undefined || value === '' ? translate(emptyText) : write(value)}</>;
}

const common = ({ field, compact }: InputProps) => ({ source: field.source, label: field.label, helperText: compact ? false : undefined }) as const;
const choicesOf = ({ field, resource }: KindProps) => (field.choices ?? []).map((choice) => ({ id: choice.id, name: choiceLabelKey(resource, field, choice) }));

function ColorCell({ source }: { source: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (typeof value !== 'string' || value === '') return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box component="span" aria-hidden sx={{ width: 16, height: 16, borderRadius: 0.5, border: 1, borderColor: 'divider', bgcolor: value }} />
      <span>{value}</span>
    </Stack>
  );
}

/** The linked records of a manyToMany cell as chips, in the value's order (getMany answers in its own order). */
function LinkedChips({ source, display }: { source: string; display: string }) {
  const record = useRecordContext();
  const { data } = useListContext();
  const byId = new Map((data ?? []).map((linked) => [String(linked.id), linked]));
  const ids: unknown[] = Array.isArray(record?.[source]) ? (record[source] as unknown[]) : [];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {ids.map((id) => {
        const linked = byId.get(String(id));
        return linked ? <Chip key={String(id)} size="small" label={String(linked[display] ?? '')} /> : null;
      })}
    </Stack>
  );
}

const textInput = (props: InputProps, type?: string, maxLength = props.field.maxLength) => (
  <TextInput {...common(props)} type={type} slotProps={{ htmlInput: { maxLength } }} fullWidth={!props.compact} />
);
const numberCell = ({ field }: KindProps) => <NumberField source={field.source} locales={LOCALE} options={{ useGrouping: false }} />;

const parseJson = (text: string): unknown => {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text; // the server (and the schema) refuse it with the kind's message
  }
};
const formatJson = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2));

export const REACT_FIELD_KINDS: Record<FieldType, ReactKind> = {
  id: { cell: numberCell, input: () => null, filter: numberFilter },
  text: { cell: ({ field }) => <TextField source={field.source} />, input: (props) => textInput(props), filter: textFilter },
  email: { cell: ({ field }) => <EmailField source={field.source} />, input: (props) => textInput(props, 'email', props.field.maxLength ?? EMAIL_MAX_LENGTH), filter: textFilter },
  url: { cell: ({ field }) => <UrlField source={field.source} target="_blank" rel="noopener noreferrer" />, input: (props) => textInput(props, 'url'), filter: textFilter },
  integer: { cell: numberCell, input: (props) => <NumberInput {...common(props)} step={1} />, filter: numberFilter },
  decimal: {
    cell: ({ field }) => <NumberField source={field.source} locales={LOCALE} options={{ maximumFractionDigits: 2 }} />,
    input: (props) => <NumberInput {...common(props)} step={props.field.step ?? 0.01} />,
    filter: ({ field }) => [<NumberInput key={field.source} source={field.source} label={field.label} step={field.step ?? 0.01} alwaysOn />],
  },
  boolean: {
    cell: ({ field }) => <BooleanField source={field.source} />,
    input: (props) => <BooleanInput {...common(props)} />,
    filter: ({ field }) => [<NullableBooleanInput key={field.source} source={field.source} label={field.label} alwaysOn />],
  },
  date: { cell: ({ field }) => dateCell(field.source, formatDate, field.emptyText), input: (props) => <DayInput {...common(props)} />, filter: dateRangeFilter },
  datetime: {
    cell: ({ field }) => dateCell(field.source, formatDateTime, field.emptyText),
    input: (props) => <DateTimeInput {...common(props)} />,
    filter: dateRangeFilter,
  },
  enum: {
    cell: (props) => <SelectField source={props.field.source} choices={choicesOf(props)} />,
    input: (props) => <SelectInput {...common(props)} choices={choicesOf(props)} emptyText="" />,
    filter: (props) => [<SelectInput key={props.field.source} source={props.field.source} label={props.field.label} choices={choicesOf(props)} alwaysOn />],
  },
  color: { cell: ({ field }) => <ColorCell source={field.source} />, input: (props) => textInput(props, 'color', 7), filter: textFilter },
  reference: {
    cell: ({ field }) =>
      field.reference ? (
        <ReferenceField source={field.source} reference={field.reference.resource} link={false}>
          <TextField source={field.reference.display} />
        </ReferenceField>
      ) : null,
    input: (props) =>
      props.field.reference ? (
        <ReferenceInput source={props.field.source} reference={props.field.reference.resource}>
          <AutocompleteInput label={props.field.label} optionText={props.field.reference.display} helperText={props.compact ? false : undefined} />
        </ReferenceInput>
      ) : null,
    filter: ({ field }) =>
      field.reference
        ? [
            <ReferenceInput key={field.source} source={field.source} reference={field.reference.resource} alwaysOn>
              <AutocompleteInput label={field.label} optionText={field.reference.display} />
            </ReferenceInput>,
          ]
        : [],
  },
  // A list with `choices` (the PQRDS extensions) is a multiple choice: checkboxes, the chosen ones' labels in the cell.
  json: {
    cell: (props) =>
      props.field.choices ? (
        <FunctionField source={props.field.source} render={(record) => (Array.isArray(record[props.field.source]) ? (record[props.field.source] as unknown[]).join(', ') : '')} />
      ) : (
        <FunctionField source={props.field.source} render={(record) => formatJson(record[props.field.source])} />
      ),
    input: (props) =>
      props.field.choices ? (
        <CheckboxGroupInput source={props.field.source} label={props.field.label} choices={choicesOf(props)} row />
      ) : (
        <TextInput {...common(props)} multiline minRows={3} format={formatJson} parse={parseJson} fullWidth={!props.compact} />
      ),
  },
  richText: {
    cell: ({ field }) => (
<RichTextField source={field.source} />
    ),
    input: (props) => (
      <AccessibleRichText>
        <Suspense fallback={<CircularProgress size={24} />}>
          <RichTextInput source={props.field.source} label={props.field.label} fullWidth />
        </Suspense>
      </AccessibleRichText>
    ),
  },
  audience: {
    // 'Llega a N portales' now, from the same resolver the server uses (POST /audience/reach), in every list that shows it.
    cell: ({ field }) => <FunctionField source={field.source} render={(record) => (record[field.source] ? <AudienceReachLine audience={record[field.source] as Audience} delayMs={0} /> : null)} />,
    input: ({ field }) => <AudienceInput source={field.source} />,
  },
  file: { cell: ({ field }) => <FileCell field={field} />, input: ({ field, compact }) => <FileUploadInput field={field} compact={compact} /> },
  image: { cell: ({ field }) => <FileCell field={field} />, input: ({ field, compact }) => <FileUploadInput field={field} compact={compact} /> },
  files: { cell: ({ field }) => <FilesCell field={field} />, input: ({ field, compact }) => <FilesUploadInput field={field} compact={compact} /> },
  manyToMany: {
    // Chips with the linked records' display field, in the value's order (an `ordered` field's order).
    cell: ({ field }) =>
      field.reference ? (
        <ReferenceArrayField source={field.source} reference={field.reference.resource}>
          <LinkedChips source={field.source} display={field.reference.display} />
        </ReferenceArrayField>
      ) : null,
    // The chosen records in the order chosen (an `ordered` field stores that order).
    input: (props) =>
      props.field.reference ? (
        <ReferenceArrayInput source={props.field.source} reference={props.field.reference.resource}>
          <AutocompleteArrayInput label={props.field.label} optionText={props.field.reference.display} helperText={props.compact ? false : undefined} />
        </ReferenceArrayInput>
      ) : null,
  },
};

export function KindCell(props: KindProps) {
  return REACT_FIELD_KINDS[props.field.type].cell(props);
}

export function KindInput(props: InputProps) {
  return REACT_FIELD_KINDS[props.field.type].input(props);
}

/** A field's list filter widgets (none when its kind has no filter). */
export function kindFilters(props: KindProps): ReactElement[] {
  return REACT_FIELD_KINDS[props.field.type].filter?.(props) ?? [];
}
