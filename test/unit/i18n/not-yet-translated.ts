/**
 * Components whose visible text is still written in them (the baseline of issue 23). Each leaves the list when its
 * text comes from the catalogue; test/unit/i18n/literal-text.test.ts fails on a clean file still listed.
 */
export const NOT_YET_TRANSLATED: ReadonlySet<string> = new Set([
  'entrypoints/confirm/App.tsx',
  'entrypoints/confirm/Subject.tsx',
  'entrypoints/options/App.tsx',
  'entrypoints/options/AssistantSetup.tsx',
  'entrypoints/options/CacheField.tsx',
  'entrypoints/options/Preferences.tsx',
  'entrypoints/options/ServiceField.tsx',
  'entrypoints/options/TokenField.tsx',
  'entrypoints/popup/App.tsx',
  'entrypoints/popup/Balances.tsx',
  'entrypoints/popup/BulkRuns.tsx',
  'entrypoints/popup/HandUploads.tsx',
  'entrypoints/popup/Jobs.tsx',
  'entrypoints/popup/MayHaveCharged.tsx',
  'entrypoints/popup/Meter.tsx',
  'entrypoints/popup/NoToken.tsx',
  'entrypoints/popup/Watchlists.tsx',
  'entrypoints/spending/App.tsx',
  'entrypoints/spending/EntryRow.tsx',
  'entrypoints/spending/HistoryTable.tsx',
  'entrypoints/spending/Reconciliation.tsx',
]);
