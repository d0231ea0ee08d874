/**
 * @module An audit event's method and detail as a short description list ("Läuft ab: 29.11.2026,
 * 15:26"), one field a line; the fields' labels and values are audit-detail.ts's. Shared by the
 * admin console's audit screens and the account page's recent activity.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { auditDetailFields } from '../lib/audit-detail';
import type { AuditEvent } from '../lib/audit-event';

export function AuditDetailList({ event }: { event: Pick<AuditEvent, 'method' | 'detail'> }) {
  const { t, i18n } = useTranslation(['common', 'errors']);
  const fields = auditDetailFields(t, event, i18n.language);
  if (fields.length === 0) return <span>—</span>;
  return (
    <Box component="dl" data-testid="audit-detail" sx={{ m: 0, lineHeight: 1.4 }}>
      {fields.map(({ key, label, value, title }) => (
        <Box key={key} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 0.5 }}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {label}:
          </Box>
          <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }} title={title}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
