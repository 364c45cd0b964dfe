import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { twMerge } from 'tailwind-merge';
import { afterEach, vi } from 'vitest';
import type * as ClassNames from './lib/cn';
import type * as Testing from '@testing-library/react';
import type { RenderHookOptions, RenderOptions } from '@testing-library/react';

/**
 * Class lists `cn` joined in which one utility overrides another (`h-10` then `h-11`). The app
 * does not merge them (lib/cn.ts), so which one applies would depend on the stylesheet's
 * order: every component rendered in a test is checked, with tailwind-merge as the judge.
 */
const conflicts = new Set<string>();

vi.mock('./lib/cn', async (importOriginal) => {
  const { cn } = await importOriginal<typeof ClassNames>();
  return {
    cn: (...inputs: Parameters<typeof cn>) => {
      const joined = cn(...inputs);
      const kept = new Set(twMerge(joined).split(' '));
      const overridden = joined.split(' ').filter((name) => name !== '' && !kept.has(name));
      if (overridden.length > 0) conflicts.add(`"${joined}" overrides ${overridden.join(', ')}`);
      return joined;
    },
  };
});

/** Components speak through Lingui: every render has the English catalog, as a page does. */
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof Testing>();
  const { English } = await import('./test-support/english');
  return {
    ...library,
    render: ((ui: Parameters<typeof library.render>[0], options?: RenderOptions) =>
      library.render(ui, { wrapper: English, ...options })) as typeof library.render,
    renderHook: ((hook: (props: unknown) => unknown, options?: RenderHookOptions<unknown>) =>
      library.renderHook(hook, { wrapper: English, ...options })) as typeof library.renderHook,
  };
});

afterEach(() => {
  cleanup();
  if (conflicts.size > 0) {
    const found = [...conflicts];
    conflicts.clear();
    throw new Error(`Conflicting Tailwind classes (lib/cn.ts):\n${found.join('\n')}`);
  }
});
