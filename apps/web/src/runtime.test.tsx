import { render, screen } from '@testing-library/react';
import { Flag } from 'lucide-react';
import { Component as PreactComponent } from 'preact';
import { Component } from 'react';
import { describe, expect, it } from 'vitest';

/** The components run on Preact in these tests as in the browser (vite.config.ts). */
describe('the runtime under test', () => {
  it('is Preact: the app, Testing Library and the libraries share it', () => {
    expect(Component).toBe(PreactComponent);
    // A library resolved to React itself would fail to render here.
    render(<Flag aria-label="flag" role="img" />);
    expect(screen.getByRole('img', { name: 'flag' })).toBeInTheDocument();
  });
});
