import { createRequire } from 'node:module';
import { render, screen } from '@testing-library/react';
import { Flag } from 'lucide-react';
import { version } from 'react';
import { version as domVersion } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { SwitchField } from './components/switch';

/** The product runs on React itself (docs/design.md#web-app); these tests run on it too. */
describe('the runtime', () => {
  it('is React 19, one copy shared by the app, Testing Library and the libraries', () => {
    expect(version).toMatch(/^19\./);
    expect(domVersion).toBe(version);
    // A library holding a React of its own would fail here ("Invalid hook call").
    render(
      <>
        <Flag aria-label="flag" role="img" />
        <SwitchField label="switch" checked={false} onCheckedChange={() => {}} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'flag' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'switch' })).toBeInTheDocument();
  });

  it('has no Preact to resolve: no substitute renderer or compat alias', () => {
    const require = createRequire(import.meta.url);
    for (const name of [
      'preact',
      'preact/compat',
      'preact-render-to-string',
      '@preact/preset-vite',
    ]) {
      expect(() => require.resolve(name), name).toThrow(/Cannot find module/);
    }
  });
});
