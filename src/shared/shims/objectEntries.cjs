// `object.entries` for node-polyglot (react-admin's i18n): every browser the admin supports has
// Object.entries, and the polyfill package pulls ~16 KB of es-abstract helpers into the first chunk.
// Aliased in vite.config.ts; docs/decisions/0022-first-load-budget.md.
module.exports = Object.entries;
