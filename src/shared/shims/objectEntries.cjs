// `object.entries` for node-polyglot (react-admin's i18n): every browser the admin supports has
// Object.entries, and the polyfill package pulls ~16 KB of es-abstract helpers into the first chunk.
// Aliased in vite.config.ts; docs/decisions.md 'First-load budget'.
module.exports = Object.entries;
