import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canEncrypt, useCanEncrypt } from './secure-context';

afterEach(() => vi.unstubAllGlobals());

describe('canEncrypt', () => {
  it('is true in a secure context with WebCrypto', () => {
    vi.stubGlobal('isSecureContext', true);
    expect(canEncrypt()).toBe(true);
    expect(renderHook(() => useCanEncrypt()).result.current).toBe(true);
  });

  it('is false over plain http to another host', () => {
    vi.stubGlobal('isSecureContext', false);
    expect(canEncrypt()).toBe(false);
    expect(renderHook(() => useCanEncrypt()).result.current).toBe(false);
  });

  it('is false where the browser has no crypto.subtle', () => {
    vi.stubGlobal('isSecureContext', true);
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) });
    expect(canEncrypt()).toBe(false);
  });
});
