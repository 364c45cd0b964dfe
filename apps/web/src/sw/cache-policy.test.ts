// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { strategyFor } from './cache-policy';

const origin = 'https://drop.example';
const request = (method: string, path: string, mode = 'cors') => ({
  method,
  url: path.startsWith('http') ? path : `${origin}${path}`,
  mode,
});

describe('what the service worker answers itself', () => {
  it('never an API answer, a download or the console', () => {
    for (const path of [
      '/api/shares/1234',
      '/api/config',
      '/api/files/1234/0',
      '/admin',
      '/metrics',
    ]) {
      expect(strategyFor(request('GET', path), origin), path).toBe('network');
      expect(strategyFor(request('GET', path, 'navigate'), origin), path).toBe('network');
    }
    expect(strategyFor(request('POST', '/api/shares'), origin)).toBe('network');
  });

  it('keeps the tool and landing pages in every language, not a /{code} link', () => {
    for (const path of [
      '/',
      '/clipboard',
      '/notepad',
      '/file-share',
      '/request',
      '/fr',
      '/fr/clipboard',
      '/zh-TW/file-share',
      '/clipboard/',
    ]) {
      expect(strategyFor(request('GET', path, 'navigate'), origin), path).toBe('page');
    }
    for (const path of ['/1234', '/about', '/fr/faq', '/blog', '/xx/clipboard']) {
      expect(strategyFor(request('GET', path, 'navigate'), origin), path).toBe('network');
    }
  });

  it('serves fingerprinted assets from the cache, and the icons network-first', () => {
    expect(strategyFor(request('GET', '/assets/index-abc123.js'), origin)).toBe('asset');
    for (const path of ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png']) {
      expect(strategyFor(request('GET', path), origin), path).toBe('static');
    }
    expect(strategyFor(request('GET', '/sw.js'), origin)).toBe('network');
  });

  it('takes the share sheet POST and nothing of another origin', () => {
    expect(strategyFor(request('POST', '/share-target', 'navigate'), origin)).toBe('share-target');
    expect(strategyFor(request('GET', '/share-target', 'navigate'), origin)).toBe('network');
    expect(strategyFor(request('GET', 'https://other.example/assets/a.js'), origin)).toBe(
      'network',
    );
    expect(strategyFor(request('POST', 'https://other.example/share-target'), origin)).toBe(
      'network',
    );
  });
});
