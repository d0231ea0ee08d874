/**
 * @module POST /update-user {name, image, username, displayUsername}: the profile form's call.
 * The username plugin checks and lower-cases the username; the cached session reloads afterwards
 * (SPEC §4), so the header and the form show the saved values.
 */
import { useAuthClient } from '../../../lib/auth';
import { unwrap } from '../../../lib/unwrap';

export interface ProfileInput {
  name: string;
  /** null removes the picture. */
  image: string | null;
  /** Omitted: the username stays as it is (the server cannot remove one). */
  username?: string;
  displayUsername?: string;
}

export function useUpdateProfile() {
  const client = useAuthClient();
  return (input: ProfileInput) => unwrap(client.updateUser(input));
}
