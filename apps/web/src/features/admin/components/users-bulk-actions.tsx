/**
 * @module Above the users grid when rows are checked: how many, and ban, unban, revoke sessions
 * and remove for all of them, each confirmed in a dialog that names the count. The outcome stays
 * on screen: how many were done, and for each user that was not, why (the server's refusal).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useAuthClient } from '../../../lib/auth';
import { errorMessage } from '../../../lib/errors';
import { adminKeys } from '../api/admin-keys';
import type { AdminUser } from '../api/admin-types';
import { BULK_ACTIONS, runBulkAction, type BulkAction, type BulkOutcome } from '../api/bulk-user-action';

/** Each action's button, reusing the single action's word. */
const BUTTON_KEYS = {
  ban: 'ban.confirm',
  unban: 'ban.unban',
  revokeSessions: 'sessions.revokeAll',
  remove: 'remove.confirm',
} as const satisfies Record<BulkAction, string>;

export interface UsersBulkActionsProps {
  selected: readonly AdminUser[];
  /** After an action: the selection is cleared (removed rows are gone, the rest changed). */
  onDone(): void;
}

export function UsersBulkActions({ selected, onDone }: UsersBulkActionsProps) {
  const { t } = useTranslation('admin');
  const { t: tAny } = useTranslation();
  const client = useAuthClient();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const count = selected.length;

  const run = async (action: BulkAction) => {
    setPending(true);
    try {
      setOutcome(await runBulkAction(client, action, selected));
    } finally {
      setPending(false);
      setAsking(null);
      onDone();
      // Every admin list is stale after an action (and the audit log has new events).
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    }
  };

  return (
    <>
      {outcome && (
        <Alert
          severity={outcome.failed.length === 0 ? 'success' : 'warning'}
          onClose={() => setOutcome(null)}
          sx={{ mb: 2 }}
          data-testid="bulk-outcome"
        >
          {t(`bulk.done.${outcome.action}`, { done: outcome.done, n: outcome.done + outcome.failed.length })}
          {outcome.failed.length > 0 && (
            <>
              {' '}
              {t('bulk.failed')}
              <ul style={{ margin: 0 }}>
                {outcome.failed.map(({ user, error }) => (
                  <li key={user.id}>
                    {user.email}: {errorMessage(tAny, error)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </Alert>
      )}
      {count > 0 && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          role="toolbar"
          aria-label={t('bulk.label')}
          sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
        >
          <Typography variant="body2" sx={{ mr: 1 }} data-testid="bulk-count">
            {t('bulk.selected', { n: count })}
          </Typography>
          {BULK_ACTIONS.map((action) => (
            <Button
              key={action}
              size="small"
              variant="outlined"
              color={action === 'unban' ? 'primary' : 'error'}
              onClick={() => setAsking(action)}
            >
              {t(BUTTON_KEYS[action])}
            </Button>
          ))}
        </Stack>
      )}
      {asking && (
        <ConfirmDialog
          open
          title={t(`bulk.confirm.${asking}`, { n: count })}
          text={t(`bulk.text.${asking}`, { n: count })}
          confirmLabel={t(BUTTON_KEYS[asking])}
          pending={pending}
          onConfirm={() => void run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
