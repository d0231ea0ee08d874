/**
 * @module The last section: leave the organization (the only owner cannot: the button is disabled
 * and says why, as the server would refuse),
 * and, for roles that may, delete it — confirmed by typing its slug, so a slip of the finger
 * cannot delete the wrong organization.
 */
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useToast } from '../../../components/toast';
import { clientErrorOf } from '../../../lib/unwrap';
import { useDeleteOrganization } from '../api/delete-organization';
import { useLeaveOrganization } from '../api/leave-organization';
import { isSoleOwner } from '../lib/member-permissions';
import type { SectionProps } from './section-props';

function LeaveCard({ organization, userId }: SectionProps) {
  const { t } = useTranslation('organization');
  const navigate = useNavigate();
  const toast = useToast();
  const leave = useLeaveOrganization(organization.id);
  const [open, setOpen] = useState(false);
  const reasonId = useId();
  const soleOwner = isSoleOwner(organization.members, userId);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('leave.title')}
        </Typography>
        <Typography color="text.secondary">{t('leave.text')}</Typography>
        {soleOwner && (
          <Typography id={reasonId} sx={{ mt: 1 }}>
            {t('soleOwner.leaveReason')}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button
          color="error"
          variant="outlined"
          disabled={soleOwner}
          aria-describedby={soleOwner ? reasonId : undefined}
          onClick={() => setOpen(true)}
        >
          {t('leave.open')}
        </Button>
      </CardActions>
      <ConfirmDialog
        open={open}
        title={t('leave.confirmTitle', { name: organization.name })}
        text={t('leave.text')}
        confirmLabel={t('leave.confirm')}
        pending={leave.isPending}
        error={clientErrorOf(leave.error)}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              // The toast lives above the routes, so it is still up on the list.
              toast({ message: t('leave.done', { name: organization.name }) });
              void navigate('/organizations');
            },
          })
        }
        onClose={() => {
          setOpen(false);
          leave.reset();
        }}
      />
    </Card>
  );
}

function DeleteCard({ organization }: SectionProps) {
  const { t } = useTranslation('organization');
  const navigate = useNavigate();
  const toast = useToast();
  const remove = useDeleteOrganization(organization.id);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const close = () => {
    setOpen(false);
    setTyped('');
    setMismatch(false);
    remove.reset();
  };
  return (
    <Card variant="outlined" sx={{ borderColor: 'error.main' }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('delete.title')}
        </Typography>
        <Typography color="text.secondary">{t('delete.text')}</Typography>
      </CardContent>
      <CardActions>
        <Button color="error" variant="contained" onClick={() => setOpen(true)}>
          {t('delete.open')}
        </Button>
      </CardActions>
      <ConfirmDialog
        open={open}
        title={t('delete.confirmTitle', { name: organization.name })}
        text={t('delete.text')}
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        error={clientErrorOf(remove.error)}
        onConfirm={() => {
          if (typed.trim() !== organization.slug) {
            setMismatch(true);
            return;
          }
          remove.mutate(undefined, {
            onSuccess: () => {
              toast({ message: t('delete.done', { name: organization.name }) });
              void navigate('/organizations');
            },
          });
        }}
        onClose={close}
      >
        <TextField
          label={t('delete.typeSlug', { slug: organization.slug })}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(false);
          }}
          autoFocus
          autoComplete="off"
          error={mismatch}
          helperText={mismatch ? t('delete.slugMismatch') : undefined}
        />
      </ConfirmDialog>
    </Card>
  );
}

export function LeaveOrDeleteSection(props: SectionProps) {
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      <LeaveCard {...props} />
      {props.abilities.deleteOrganization && <DeleteCard {...props} />}
    </Stack>
  );
}
