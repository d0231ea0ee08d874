/**
 * @module The DataGrid's own texts (column menu, pagination, "No rows") in the app's language.
 * They live here rather than in the app's theme so that the grid's locales, like the grid, load
 * with the admin console and not with every page.
 */
import type { GridLocaleText } from '@mui/x-data-grid';
import { deDE, enUS, esES, frFR, plPL, ruRU, trTR, ukUA } from '@mui/x-data-grid/locales';

const BY_TAG: Readonly<Record<string, typeof enUS>> = {
  en: enUS,
  de: deDE,
  es: esES,
  fr: frFR,
  pl: plPL,
  ru: ruRU,
  tr: trTR,
  uk: ukUA,
};

/** The grid's texts for an i18next language tag; English for any other. */
export function gridLocaleText(tag: string): Partial<GridLocaleText> {
  return (BY_TAG[tag] ?? enUS).components.MuiDataGrid.defaultProps.localeText;
}
