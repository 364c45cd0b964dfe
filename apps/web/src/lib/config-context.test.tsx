import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ConfigProvider,
  defaultConfig,
  sameValue,
  useConfig,
  useConfigSettled,
} from './config-context';

afterEach(() => vi.unstubAllGlobals());

describe('sameValue', () => {
  it('compares JSON values deeply, whatever the order of their keys', () => {
    expect(sameValue({ a: 1, b: { c: [1, 2] } }, { b: { c: [1, 2] }, a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameValue({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});

/** The server's answer to GET /api/config (fetch is the boundary: jsdom has no server). */
function answerConfig(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })),
  );
}

/** What a part of the page that reads the limits rendered, one entry per render. */
function renderCounting() {
  const renders: number[] = [];
  function LimitsReader() {
    renders.push(useConfig().maxFileBytes);
    return null;
  }
  function SettledReader() {
    return <p>{useConfigSettled() ? 'settled' : 'waiting'}</p>;
  }
  render(
    <ConfigProvider>
      <LimitsReader />
      <SettledReader />
    </ConfigProvider>,
  );
  return renders;
}

describe('ConfigProvider', () => {
  it('keeps the defaults, and renders the page no more for them, when the server has them too', async () => {
    // The same limits with the keys in another order, as a server may write them.
    const { downloadLimit, ...rest } = defaultConfig;
    answerConfig({ downloadLimit: { ...downloadLimit }, ...rest });
    const renders = renderCounting();
    await waitFor(() => expect(screen.getByText('settled')).toBeTruthy());
    expect(renders).toEqual([defaultConfig.maxFileBytes]);
  });

  it("takes the server's limits when they differ", async () => {
    answerConfig({ ...defaultConfig, maxFileBytes: 100 * 1024 * 1024 });
    const renders = renderCounting();
    await waitFor(() => expect(screen.getByText('settled')).toBeTruthy());
    expect(renders).toEqual([defaultConfig.maxFileBytes, 100 * 1024 * 1024]);
  });
});
