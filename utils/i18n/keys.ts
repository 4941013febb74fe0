import type background from '../../locales/en/background.json';
import type channel from '../../locales/en/channel.json';
import type common from '../../locales/en/common.json';
import type confirm from '../../locales/en/confirm.json';
import type errors from '../../locales/en/errors.json';
import type library from '../../locales/en/library.json';
import type options from '../../locales/en/options.json';
import type panel from '../../locales/en/panel.json';
import type popup from '../../locales/en/popup.json';
import type spending from '../../locales/en/spending.json';

/**
 * Every message key, from the English source files (types only: nothing of the JSON is bundled here). A key
 * that is not in English does not type-check; test/unit/i18n checks the other locales have the same keys.
 */
export type MessageKey =
  | keyof typeof background
  | keyof typeof channel
  | keyof typeof common
  | keyof typeof confirm
  | keyof typeof errors
  | keyof typeof library
  | keyof typeof options
  | keyof typeof panel
  | keyof typeof popup
  | keyof typeof spending;
