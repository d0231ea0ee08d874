import { describe, expect, it } from 'vitest';
import { invitationAddresses, isEmailAddress } from './invitation-addresses';

describe('the invitation form’s addresses', () => {
  it('splits a pasted list at commas, semicolons, spaces and new lines, once per address in any case', () => {
    expect(
      invitationAddresses(' ann@example.com, bob@example.com;\ncid@example.com  dan@example.com\r\nANN@example.com '),
    ).toEqual(['ann@example.com', 'bob@example.com', 'cid@example.com', 'dan@example.com']);
  });

  it('takes the address out of "Name <address>" and keeps a token without @ to be reported as invalid', () => {
    expect(invitationAddresses('Ann Lee <ann@example.com>, not-an-address bob@example.com')).toEqual([
      'ann@example.com',
      'not-an-address',
      'bob@example.com',
    ]);
    expect(invitationAddresses(' \n ,')).toEqual([]);
    expect(isEmailAddress('ann@example.com')).toBe(true);
    expect(isEmailAddress('not-an-address')).toBe(false);
  });
});
