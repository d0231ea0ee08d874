/**
 * @module ADMIN_ROLES: platform roles an operator declares beside the built-in `admin` and `user`,
 * as JSON `{"support":{"user":["list","get"],"session":["list"]}}`. Every resource and action
 * must be one of the admin plugin's, so a typo is refused at start instead of granting nothing.
 */
import { ADMIN_STATEMENTS, DEFAULT_ADMIN_ROLES, type AdminRoleTable } from '@latchkey/server';
import { z } from 'zod';

/** Stored comma-joined in `user.role`, so no commas or spaces; a leading letter or digit. */
const ROLE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const RESOURCES = Object.keys(ADMIN_STATEMENTS) as (keyof typeof ADMIN_STATEMENTS)[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isResource(name: string): name is keyof typeof ADMIN_STATEMENTS {
  return (RESOURCES as string[]).includes(name);
}

/** Every problem of one role's permissions, each naming the role. */
function permissionProblems(role: string, permissions: unknown): string[] {
  if (!isObject(permissions)) return [`role "${role}" must map resources to lists of actions`];
  const problems: string[] = [];
  for (const [resource, actions] of Object.entries(permissions)) {
    if (!isResource(resource)) {
      problems.push(`role "${role}": "${resource}" is not a resource (${RESOURCES.join(', ')})`);
      continue;
    }
    const known: readonly string[] = ADMIN_STATEMENTS[resource];
    if (!Array.isArray(actions) || !actions.every((a) => typeof a === 'string')) {
      problems.push(`role "${role}": ${resource} must be a list of actions (${known.join(', ')})`);
      continue;
    }
    for (const action of actions) {
      if (!known.includes(action))
        problems.push(`role "${role}": "${action}" is not an action on ${resource} (${known.join(', ')})`);
    }
  }
  return problems;
}

export const adminRolesVariable = z.string().transform((text, ctx): AdminRoleTable => {
  const report = (message: string) => ctx.addIssue({ code: 'custom', message });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (!isObject(value)) {
    report('must be a JSON object of roles, e.g. {"support":{"user":["list","get"],"session":["list"]}}');
    return z.NEVER;
  }
  const problems: string[] = [];
  for (const [role, permissions] of Object.entries(value)) {
    if (Object.hasOwn(DEFAULT_ADMIN_ROLES, role)) problems.push(`role "${role}" is built in and cannot be redefined`);
    else if (!ROLE_NAME.test(role))
      problems.push(`role "${role}": a name is up to 64 letters, digits, ".", "_" or "-", without spaces or commas`);
    else problems.push(...permissionProblems(role, permissions));
  }
  problems.forEach(report);
  if (problems.length > 0) return z.NEVER;
  return Object.freeze(
    Object.fromEntries(
      Object.entries(value).map(([role, permissions]) => [
        role,
        Object.freeze(
          Object.fromEntries(
            Object.entries(permissions as Record<string, string[]>).map(([r, a]) => [
              r,
              Object.freeze([...new Set(a)]),
            ]),
          ),
        ),
      ]),
    ),
  );
});
