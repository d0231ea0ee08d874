/**
 * @module Turns the property chain of a proxy call into a route path: `['organization',
 * 'getFullOrganization']` → `/organization/get-full-organization`, the way better-auth names
 * routes (camel-case segments are dashed, nothing else changes).
 */

export function dashed(segment: string): string {
  return segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

export function routePath(segments: readonly string[]): string {
  return '/' + segments.map(dashed).join('/');
}
