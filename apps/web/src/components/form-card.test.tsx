import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormCard } from './form-card';

const form = (
  <FormCard onSubmit={() => {}}>
    <label htmlFor="text">Your text</label>
    <textarea id="text" />
    <button type="submit">Generate 4-Digit Code</button>
  </FormCard>
);

describe('FormCard', () => {
  it('is prerendered disabled, so nothing typed or pressed before the script is lost', () => {
    const html = renderToString(form);
    expect(html).toMatch(/<fieldset[^>]*disabled/);
    expect(html).toContain('data-starting');
  });

  it('works once the script has adopted the served markup, and not before', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(form);
    const served = container.querySelector('textarea');
    const fieldset = () => container.querySelector('fieldset');
    try {
      await act(async () => {
        hydrateRoot(container, form);
        // Adopted as served: the same element, still disabled in the render that adopted it.
        expect(container.querySelector('textarea')).toBe(served);
        expect(fieldset()?.disabled).toBe(true);
      });
      expect(fieldset()?.disabled).toBe(false);
      expect(fieldset()?.hasAttribute('data-starting')).toBe(false);
    } finally {
      container.remove();
    }
  });

  it('works from the start when it is rendered in the browser', () => {
    render(form);
    expect(screen.getByLabelText('Your text')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Generate 4-Digit Code' })).toBeEnabled();
  });
});
