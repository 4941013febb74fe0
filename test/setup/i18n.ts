import { readBundle } from '../../scripts/locales';
import { setCatalogue } from '../../utils/i18n/catalogue';

/** Unit and component tests read the interface in English, from the same files the build ships. */
setCatalogue('en', readBundle('en', 'all'));
