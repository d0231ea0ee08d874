/**
 * @module Above the users grid: the search box with what to search (e-mail or name) and how
 * (contains, starts with, ends with), and the quick filter. Wraps to a column at phone width.
 */
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { FILTER_PRESETS, type FilterChoice, type FilterPreset } from './users-filter-presets';
import { SEARCH_FIELDS, SEARCH_OPERATORS, type UserSearch } from './users-grid-query';

export interface UsersSearchBarProps {
  search: UserSearch;
  onSearchChange(search: UserSearch): void;
  filter: FilterChoice;
  onFilterChange(preset: FilterPreset): void;
}

// The theme makes text fields full width; in a row at sm and up they share the line instead.
const fieldSx = { m: 0, width: { xs: '100%', sm: 170 } };

export function UsersSearchBar({ search, onSearchChange, filter, onFilterChange }: UsersSearchBarProps) {
  const { t } = useTranslation('admin');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      <TextField
        type="search"
        label={t('users.search')}
        value={search.value}
        onChange={(event) => onSearchChange({ ...search, value: event.target.value })}
        fullWidth={false}
        sx={{ m: 0, flex: { sm: '1 1 240px' } }}
        slotProps={{ htmlInput: { maxLength: 255 } }}
      />
      <TextField
        select
        fullWidth={false}
        label={t('users.searchField')}
        value={search.field}
        sx={fieldSx}
        onChange={(event) => onSearchChange({ ...search, field: event.target.value as UserSearch['field'] })}
      >
        {SEARCH_FIELDS.map((field) => (
          <MenuItem key={field} value={field}>
            {t(`fields.${field}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        label={t('users.searchOperator')}
        value={search.operator}
        sx={fieldSx}
        onChange={(event) => onSearchChange({ ...search, operator: event.target.value as UserSearch['operator'] })}
      >
        {SEARCH_OPERATORS.map((operator) => (
          <MenuItem key={operator} value={operator}>
            {t(`operators.${operator}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        fullWidth={false}
        label={t('users.filter')}
        value={filter}
        sx={fieldSx}
        onChange={(event) => onFilterChange(event.target.value as FilterPreset)}
      >
        {Object.keys(FILTER_PRESETS).map((preset) => (
          <MenuItem key={preset} value={preset}>
            {t(`presets.${preset}`)}
          </MenuItem>
        ))}
        {/* Shown, not choosable: the filter came from the grid's own filter panel. */}
        <MenuItem value="other" disabled sx={{ display: filter === 'other' ? undefined : 'none' }}>
          {t('presets.other')}
        </MenuItem>
      </TextField>
    </Stack>
  );
}
