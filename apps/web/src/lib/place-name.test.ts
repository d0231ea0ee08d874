import { describe, expect, it } from 'vitest';
import { placeName } from './place-name';

describe('placeName', () => {
  it('joins the city and the country, or says what there is', () => {
    expect(placeName({ city: 'Berlin', country: 'Germany', countryCode: 'DE' })).toBe('Berlin, Germany');
    expect(placeName({ city: null, country: 'France', countryCode: 'FR' })).toBe('France');
    expect(placeName({ city: null, country: null, countryCode: 'FR' })).toBe('FR');
    expect(placeName({ city: 'Tokyo', country: null, countryCode: null })).toBe('Tokyo');
  });

  it('answers null for no location or an empty one', () => {
    expect(placeName(null)).toBeNull();
    expect(placeName(undefined)).toBeNull();
    expect(placeName({ city: null, country: null, countryCode: null })).toBeNull();
  });
});
