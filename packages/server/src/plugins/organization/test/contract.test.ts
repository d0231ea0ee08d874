/**
 * The organization plugin as `createAuth` takes it in: its endpoints served by id (the team ones
 * only when teams are on) and its error codes among the auth's, in the types too (checked by
 * `tsc -p .`).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { organizationPlugin, type Auth } from '../../..';
import { memoryAuth } from '../../../../test/support/memory-auth';

describe('the organization plugin in an auth', () => {
  it('serves its endpoints and answers its codes', async () => {
    const auth = memoryAuth([organizationPlugin()]);
    const ids = auth.endpoints.map((endpoint) => endpoint.id);
    expect(ids).toContain('createOrganization');
    // Teams are off here: their routes exist only in the types ("possibly present").
    expect(ids).not.toContain('createTeam');
    expect(auth.errorCodes).toContain('ROLE_NOT_FOUND');
    await auth.close();
  });

  it('adds its codes to the error code union', () => {
    type OrganizationCodes = Auth<[ReturnType<typeof organizationPlugin>]>['errorCodes'][number];
    expectTypeOf<'ROLE_NOT_FOUND'>().toExtend<OrganizationCodes>();
    expectTypeOf<'BANNED_USER'>().not.toExtend<OrganizationCodes>();
  });
});
