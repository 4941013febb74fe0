/**
 * Components whose visible text is still written in them. Each leaves the list when its text comes from the
 * catalogue; test/unit/i18n/literal-text.test.ts fails on a clean file still listed.
 */
export const NOT_YET_TRANSLATED: ReadonlySet<string> = new Set(['entrypoints/library/ChannelPaste.tsx']);
