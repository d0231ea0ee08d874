/**
 * The metadata field's text: get-full-organization answers metadata as the stored JSON text (as
 * better-auth does), create and update as an object; the field shows either as pretty JSON.
 */
import { describe, expect, it } from 'vitest';
import { metadataText } from './metadata-text';

describe('metadataText', () => {
  it('shows stored JSON text and an object alike, as pretty JSON', () => {
    const pretty = '{\n  "plan": "pro"\n}';
    expect(metadataText('{"plan":"pro"}')).toBe(pretty);
    expect(metadataText({ plan: 'pro' })).toBe(pretty);
  });

  it('shows nothing for no metadata, and text that is not a JSON object as it is', () => {
    expect(metadataText(null)).toBe('');
    expect(metadataText(undefined)).toBe('');
    expect(metadataText('not json')).toBe('not json');
  });
});
