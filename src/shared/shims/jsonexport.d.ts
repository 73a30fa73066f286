/** jsonexport ships no types; the lazy stand-in (lazyJsonExport.ts) only forwards its arguments. */
declare module 'jsonexport/dist/index.js' {
  const jsonExport: (data: unknown, ...rest: unknown[]) => void;
  export default jsonExport;
}
