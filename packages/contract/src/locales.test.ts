import { describe, expect, it } from 'vitest';
import {
  localeEntries,
  localizedPath,
  negotiateLocale,
  splitLocalePath,
  sourceLocale,
} from './locales.js';

describe('the locales', () => {
  it('are at least 40 besides English, four of them right to left, each named in itself', () => {
    expect(localeEntries.length).toBeGreaterThanOrEqual(41);
    expect(localeEntries.filter((entry) => entry.dir === 'rtl').map((entry) => entry.code)).toEqual(
      ['ar', 'fa', 'he', 'ur'],
    );
    expect(new Set(localeEntries.map((entry) => entry.code)).size).toBe(localeEntries.length);
    expect(localeEntries[0]!.code).toBe(sourceLocale);
  });
});

describe('an address', () => {
  it('names its locale by its first segment, English by none', () => {
    expect(splitLocalePath('/de/faq')).toEqual({ locale: 'de', path: '/faq' });
    expect(splitLocalePath('/pt-BR')).toEqual({ locale: 'pt-BR', path: '/' });
    expect(splitLocalePath('/ar/1234')).toEqual({ locale: 'ar', path: '/1234' });
    expect(splitLocalePath('/faq')).toEqual({ locale: 'en', path: '/faq' });
    expect(splitLocalePath('/en/faq')).toEqual({ locale: 'en', path: '/en/faq' });
    expect(splitLocalePath('/xx/faq')).toEqual({ locale: 'en', path: '/xx/faq' });
    expect(localizedPath('de', '/')).toBe('/de');
    expect(localizedPath('de', '/faq')).toBe('/de/faq');
    expect(localizedPath('en', '/faq')).toBe('/faq');
  });
});

describe('Accept-Language', () => {
  it('picks the best-rated language spoken here, exactly or by its language alone', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(negotiateLocale('pt-PT')).toBe('pt-PT');
    expect(negotiateLocale('pt')).toBe('pt-BR');
    expect(negotiateLocale('zh-HK')).toBe('zh-TW');
    expect(negotiateLocale('zh-Hant-TW')).toBe('zh-TW');
    expect(negotiateLocale('zh')).toBe('zh-CN');
    expect(negotiateLocale('no')).toBe('nb');
    expect(negotiateLocale('sw, fr;q=0.5, ja;q=0.7')).toBe('ja');
    expect(negotiateLocale('fr;q=0, it')).toBe('it');
    expect(negotiateLocale('sw')).toBe('en');
    expect(negotiateLocale('*')).toBe('en');
    expect(negotiateLocale(undefined)).toBe('en');
    expect(negotiateLocale(';;,q=,')).toBe('en');
  });
});
