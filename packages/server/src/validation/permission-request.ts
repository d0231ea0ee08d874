/**
 * @module The body of a has-permission check, shared by the admin and organization plugins:
 * `permissions` (or better-auth's older `permission`, exactly one of the two) naming one resource
 * and its actions (SPEC §5: one resource at a time).
 */
import { z } from 'zod';

const permissionShape = z.record(z.string(), z.array(z.string()));
const base = z.object({ permission: permissionShape.optional(), permissions: permissionShape.optional() });
type PermissionFields = z.output<typeof base>;

const exactlyOneField = (b: PermissionFields) => (b.permission === undefined) !== (b.permissions === undefined);
const oneResource = (b: PermissionFields) => Object.keys(b.permission ?? b.permissions ?? {}).length === 1;

export function permissionRequestBody<T extends z.ZodRawShape>(extra: T) {
  return base
    .extend(extra)
    .refine((b) => exactlyOneField(b as unknown as PermissionFields), {
      message: 'Give exactly one of permission and permissions',
      path: ['permissions'],
    })
    .refine((b) => oneResource(b as unknown as PermissionFields), {
      message: 'Check one resource at a time',
      path: ['permissions'],
    });
}
