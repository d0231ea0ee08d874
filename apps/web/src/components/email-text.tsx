/**
 * @module An e-mail address that wraps where a reader expects, before its `@` and its dots, instead
 * of at any letter: in a narrow column (a table at phone width) `word-break: break-all` cut
 * `grace@example.com` into `grace@exa` / `mple.com`. A part longer than the line still breaks
 * (`overflow-wrap: anywhere`), so nothing makes the page scroll sideways.
 */
import { Fragment } from 'react';

export function EmailText({ email }: { email: string }) {
  // Split before each '@' and '.', keeping them at the start of the next part.
  const parts = email.split(/(?=[@.])/);
  return (
    <span style={{ overflowWrap: 'anywhere' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
