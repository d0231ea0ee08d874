/**
 * @module What `createAuth` answers, as types, given its plugins: the core endpoints with the
 * plugins' body fields added (as `extendBodies` does at run time), the plugins' own endpoints, and
 * every User and Session an endpoint returns carrying the plugins' columns (as the stores read
 * them, `db/extra-fields.ts`). Types only: create-auth.ts builds the values these describe.
 */
import type { z } from 'zod';
import type { Session, User } from '../db/records';
import type { AnyEndpoint, ApiCall, Endpoint, EndpointSchema, SessionGuard } from '../endpoint/define-endpoint';
import type { CoreErrorCode } from '../endpoint/errors';
import type { CoreEventType } from '../plugin/event-registry';
import type { ExtensibleEndpointId, Plugin } from '../plugin/define-plugin';
import type { FieldValues } from '../plugin/declarations';
import type { CoreEndpoints } from './core-endpoints';

type Empty = Record<never, never>;
type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** One object from a union of objects (several plugins' fields); none at all adds nothing. */
type Merge<U> = [U] extends [never] ? Empty : UnionToIntersection<U>;

type Parts<X> =
  X extends Plugin<infer E, infer B, infer U, infer S, infer C, infer V>
    ? { endpoints: E; body: B; user: U; session: S; codes: C; events: V }
    : never;
type PluginParts<P extends readonly Plugin[]> = Parts<P[number]>;

/** The union of the plugins' own endpoints. */
export type PluginEndpoint<P extends readonly Plugin[]> = PluginParts<P>['endpoints'];

/**
 * Every code an auth with plugins `P` answers: the core's and its plugins' error entries'. A plugin
 * typed only as `Plugin` may answer any code, so the union is then `string`.
 */
export type AuthErrorCode<P extends readonly Plugin[] = readonly Plugin[]> = CoreErrorCode | PluginParts<P>['codes'];

/**
 * Every event type an auth with plugins `P` may emit: the core's and its plugins' declared events.
 * Narrower than `AuthEventType`, which merges the events of every plugin in the program.
 */
export type AuthEventTypeOf<P extends readonly Plugin[] = readonly Plugin[]> = CoreEventType | PluginParts<P>['events'];

/** The columns the plugins add to every user (`role`, `username`…), as values. */
export type PluginUserFields<P extends readonly Plugin[]> = Merge<EachFieldValues<PluginParts<P>['user']>>;
/** The columns the plugins add to every session (`impersonatedBy`, `activeOrganizationId`…). */
export type PluginSessionFields<P extends readonly Plugin[]> = Merge<EachFieldValues<PluginParts<P>['session']>>;
type EachFieldValues<M> = M extends unknown ? FieldValues<M> : never;

/** The zod shape the plugins add to one core endpoint's body; a wide `z.ZodRawShape` is nothing known. */
type BodyShape<P extends readonly Plugin[], Id extends ExtensibleEndpointId> = Merge<
  EachShape<PluginParts<P>['body'], Id>
>;
type EachShape<B, Id extends PropertyKey> = B extends unknown
  ? Id extends keyof B
    ? KnownShape<NonNullable<B[Id]>>
    : never
  : never;
type KnownShape<S> = string extends keyof S ? never : S;

type ExtendBody<B extends EndpointSchema, Added> = [keyof Added] extends [never]
  ? B
  : B extends z.ZodObject<infer Shape, infer Config>
    ? Added extends z.core.$ZodLooseShape
      ? z.ZodObject<z.util.Extend<Shape, Added>, Config>
      : B
    : B;

type IsAny<T> = 0 extends 1 & T ? true : false;

/**
 * A handler's answer with every User and Session in it (`{ user }`, `{ users: User[] }`, the
 * session pair of get-session) given the plugins' columns. Records are recognised by shape: the
 * engine's `User` and `Session` (and spreads of them) have fields no other answer has together.
 */
export type WithPluginFields<T, U, S> =
  IsAny<T> extends true
    ? T
    : T extends Date
      ? T
      : T extends User
        ? T & U
        : T extends Session
          ? T & S
          : T extends object
            ? { [K in keyof T]: WithPluginFields<T[K], U, S> }
            : T;

interface Completion {
  bodies: { [Id in ExtensibleEndpointId]: unknown };
  user: unknown;
  session: unknown;
  /** False when no plugin adds a column: answers are then left as they are, which keeps their names. */
  fields: boolean;
}

type Complete<E, C extends Completion> =
  E extends Endpoint<
    infer Id extends string,
    infer B extends EndpointSchema,
    infer Q extends EndpointSchema,
    infer G extends SessionGuard,
    infer R,
    infer Path extends string
  >
    ? Endpoint<
        Id,
        Id extends ExtensibleEndpointId ? ExtendBody<B, C['bodies'][Id]> : B,
        Q,
        G,
        C['fields'] extends true ? WithPluginFields<R, C['user'], C['session']> : R,
        Path
      >
    : never;

type CompletionOf<P extends readonly Plugin[]> = {
  bodies: { signUpEmail: BodyShape<P, 'signUpEmail'>; updateUser: BodyShape<P, 'updateUser'> };
  user: PluginUserFields<P>;
  session: PluginSessionFields<P>;
  fields: [keyof PluginUserFields<P> | keyof PluginSessionFields<P>] extends [never] ? false : true;
};

/**
 * Every endpoint an auth with plugins `P` serves, as the union the client is inferred from:
 * the core ones with the plugins' body fields, the plugins' own, all answering the plugins' columns.
 */
export type AuthEndpoint<P extends readonly Plugin[] = readonly Plugin[]> = Complete<
  CoreEndpoints[number] | PluginEndpoint<P>,
  CompletionOf<P>
>;

/** Endpoints known by id; `AnyEndpoint` (a plugin typed only as `Plugin`) is reachable by any id. */
type KnownEndpoint<E> = E extends AnyEndpoint ? (string extends E['id'] ? never : E) : never;

/**
 * `auth.api`: one typed call per endpoint id. A plugin typed only as `Plugin` hides its endpoints'
 * ids, so they stay callable by any name, with untyped input, as before plugins were typed.
 */
export type AuthApi<P extends readonly Plugin[] = readonly Plugin[]> = {
  [K in KnownEndpoint<AuthEndpoint<P>> as K['id']]: ApiCall<K>;
} & (string extends PluginEndpoint<P>['id'] ? { [id: string]: ApiCall<AnyEndpoint> } : Empty);
