/**
 * react-admin's default list exporter imports jsonexport (~18 KB) into every list screen; this app's exports are
 * streamed by the server (src/shared/ExportButton.tsx), so the library is only needed if a list ever falls back to
 * the default exporter. The build resolves ra-core's import to this module (vite.config.ts), which loads the real
 * jsonexport on the first call — it answers through a callback, so a late load changes nothing for the caller.
 */
export default function jsonExport(data: unknown, ...rest: unknown[]): void {
  void import('jsonexport/dist/index.js').then((module) => module.default(data, ...rest));
}
