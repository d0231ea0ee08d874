/**
 * @module Above the audit grid: whose events (a user picked by e-mail; a user's page links here
 * with it set), which event (translated names), and the time range, with "clear filters". Wraps to
 * a column at phone width. The time fields are the browser's own date-time inputs: labelled, keyboard-usable
 * and in the browser's locale, with nothing to load.
 */
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AUDIT_EVENT_TYPES, auditEventLabel, type AuditEventType } from '../../../lib/audit-event';
import { NO_AUDIT_FILTER, type AuditFilter } from './audit-query';
import { AuditUserField } from './audit-user-field';

export interface AuditFiltersProps {
  filter: AuditFilter;
  onChange(filter: AuditFilter): void;
}

// The theme makes text fields full width; in a row at sm and up they share the line instead.
const fieldSx = { m: 0, width: { xs: '100%', sm: 220 } };
const shrunkLabel = { inputLabel: { shrink: true } };

export function AuditFilters({ filter, onChange }: AuditFiltersProps) {
  const { t } = useTranslation('admin');
  const set = <K extends keyof AuditFilter>(key: K, value: AuditFilter[K]) => onChange({ ...filter, [key]: value });
  const filtered = Object.values(filter).some(Boolean);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: { sm: 'center' }, mb: 2 }}
    >
      <AuditUserField userId={filter.userId} onChange={(userId) => set('userId', userId)} />
      <TextField
        select
        fullWidth={false}
        label={t('audit.event')}
        value={filter.type}
        sx={fieldSx}
        onChange={(event) => set('type', event.target.value as AuditEventType | '')}
      >
        <MenuItem value="">{t('audit.allEvents')}</MenuItem>
        {AUDIT_EVENT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {auditEventLabel(t, type)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="datetime-local"
        label={t('audit.from')}
        value={filter.from}
        onChange={(event) => set('from', event.target.value)}
        fullWidth={false}
        sx={fieldSx}
        slotProps={{ ...shrunkLabel, htmlInput: { max: filter.to || undefined } }}
      />
      <TextField
        type="datetime-local"
        label={t('audit.to')}
        value={filter.to}
        onChange={(event) => set('to', event.target.value)}
        fullWidth={false}
        sx={fieldSx}
        slotProps={{ ...shrunkLabel, htmlInput: { min: filter.from || undefined } }}
      />
      <Button disabled={!filtered} onClick={() => onChange(NO_AUDIT_FILTER)}>
        {t('audit.clear')}
      </Button>
    </Stack>
  );
}
