/**
 * MUI's `<TextField>` imports `<Select>` for its `select` mode, and with it Menu, Popover, Modal and their transitions
 * (~12 KiB gz), although most text fields — every field of the sign-in pages — never use that mode. The build
 * resolves TextField's import of Select to this module (`LAZY_IMPORTS` in vite.config.ts), which loads the
 * real Select when a select-mode field first renders. Nothing else is changed: other imports of Select get the real one.
 */
import { forwardRef, lazy, Suspense, type ComponentProps, type ForwardedRef } from 'react';

const Select = lazy(() => import('@mui/material/Select'));

type SelectProps = ComponentProps<typeof Select>;

function LazySelectRender(props: SelectProps, ref: ForwardedRef<unknown>) {
  return (
    <Suspense fallback={null}>
      <Select {...props} ref={ref as never} />
    </Suspense>
  );
}

const LazySelect = Object.assign(forwardRef(LazySelectRender), { muiName: 'Select' });

export default LazySelect;
