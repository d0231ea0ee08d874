/**
 * @module The device verification page's calls (RFC 8628 §3.3). `GET /device?user_code=` shows
 * the signed-in user which application asks for what, and claims the request for them; it is
 * rate limited strictly, so it is read once per code (no refetch on focus or remount).
 * `POST /device/approve` and `/device/deny {userCode}` answer it; the device's next poll hears it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useAuthClient } from '../../../lib/auth';
import { applicationOf, scopesOf, type OAuthApplication } from '../../../lib/oauth-applications';
import { unwrap } from '../../../lib/unwrap';

export interface DeviceRequest {
  /** As the server shows it: `ABCD-EFGH`. */
  userCode: string;
  /** `approved` once the device collected its tokens too. */
  status: 'pending' | 'approved' | 'denied';
  application: OAuthApplication;
  scopes: string[];
}

export function useDeviceRequest(userCode: string | null) {
  const client = useAuthClient();
  return useQuery({
    queryKey: ['device-request', userCode],
    queryFn: async (): Promise<DeviceRequest> => {
      const answer = await unwrap(client.device({ query: { user_code: userCode! } }));
      return {
        userCode: answer.user_code,
        status: answer.status,
        application: applicationOf(answer.client_id, answer.client),
        scopes: scopesOf(answer.scope),
      };
    },
    enabled: Boolean(userCode),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export type DeviceAnswer = 'approve' | 'deny';

export function useAnswerDevice(userCode: string) {
  const client = useAuthClient();
  return useMutation({
    mutationFn: (answer: DeviceAnswer) =>
      unwrap(answer === 'approve' ? client.device.approve({ userCode }) : client.device.deny({ userCode })),
  });
}
