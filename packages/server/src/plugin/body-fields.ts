/**
 * @module Core endpoints whose body plugins extend (sign-up takes a username, say): each gets the
 * plugins' fields added to its zod object once, at start-up. Plugins name endpoints by id.
 */
import { z } from 'zod';
import type { AnyEndpoint } from '../endpoint/define-endpoint';
import type { ExtensibleEndpointId, Plugin, PluginDeclarations } from './define-plugin';

export function extendBodies(endpoints: readonly AnyEndpoint[], plugins: readonly Plugin[]): AnyEndpoint[] {
  return endpoints.map((endpoint) => {
    const shapes: z.ZodRawShape[] = [];
    for (const plugin of plugins) {
      const shape = plugin.bodyFields?.[endpoint.id as ExtensibleEndpointId];
      if (shape) shapes.push(shape);
    }
    if (shapes.length === 0 || !(endpoint.body instanceof z.ZodObject)) return endpoint;
    const body = shapes.reduce<z.ZodObject>((schema, shape) => schema.extend(shape), endpoint.body);
    return Object.freeze({ ...endpoint, body });
  });
}

/** The plugin fields present in a validated body: what the plugins' userInput hooks receive. */
export function pluginBodyFields(
  plugins: readonly PluginDeclarations[],
  id: ExtensibleEndpointId,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const plugin of plugins) {
    for (const name of Object.keys(plugin.bodyFields?.[id] ?? {})) if (body[name] !== undefined) out[name] = body[name];
  }
  return out;
}
