/**
 * @module A button that shows progress while its action runs and cannot be pressed again until
 * it ends, so an action is never sent twice.
 */
import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export function SubmitButton({ pending, children, disabled, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button
      type="submit"
      variant="contained"
      {...props}
      disabled={disabled || pending}
      aria-busy={pending}
      startIcon={pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : props.startIcon}
    >
      {children}
    </Button>
  );
}
