/**
 * @module A screen's frame: its heading (the page's one h1) and the document title.
 */
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';

export function Page({
  title,
  actions,
  maxWidth = 'md',
  children,
}: {
  title: string;
  actions?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
  children: ReactNode;
}) {
  useEffect(() => {
    document.title = `${title} · Latchkey`;
  }, [title]);
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 4 } }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Container>
  );
}

/** The narrow card of the sign-in, sign-up and password screens. */
export function CardPage({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Latchkey`;
  }, [title]);
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 3, sm: 8 } }}>
      <Box sx={{ p: { xs: 2, sm: 4 }, bgcolor: 'background.paper', borderRadius: 2, boxShadow: 1 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Box>
    </Container>
  );
}
