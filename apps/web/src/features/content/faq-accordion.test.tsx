import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';

const items = ['One', 'Two', 'Three'].map((word) => ({
  id: word.toLowerCase(),
  question: `Question ${word}?`,
  answerHtml: `<p>Answer ${word}.</p>`,
}));

function renderAccordion() {
  const router = createMemoryRouter([{ path: '/', element: <FaqAccordion items={items} /> }]);
  render(<RouterProvider router={router} />);
  return (word: string) => screen.getByRole('button', { name: `Question ${word}?` });
}

describe('FaqAccordion', () => {
  it('is prerendered with its questions disabled, as a press before the script would be lost', () => {
    const html = renderToString(
      <MemoryRouter>
        <FaqAccordion items={items} />
      </MemoryRouter>,
    );
    expect(html.match(/<button[^>]*disabled=""[^>]*data-starting=""/g)).toHaveLength(3);
  });

  it('works from the start when it is rendered in the browser', () => {
    const question = renderAccordion();
    for (const word of ['One', 'Two', 'Three']) expect(question(word)).toBeEnabled();
  });

  it('keeps every answer in the page, hidden until its question is opened', async () => {
    const question = renderAccordion();
    const answer = document.getElementById('two-answer')!;
    expect(answer).toHaveTextContent('Answer Two.');
    expect(answer).not.toBeVisible();
    expect(question('Two')).toHaveAttribute('aria-expanded', 'false');
    expect(question('Two')).toHaveAttribute('aria-controls', 'two-answer');

    await userEvent.click(question('Two'));
    expect(question('Two')).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    await userEvent.click(question('Two'));
    expect(answer).not.toBeVisible();
  });

  it('works from the keyboard: Enter and Space toggle, arrows, Home and End move', async () => {
    const question = renderAccordion();
    await userEvent.tab();
    expect(question('One')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(question('One')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(question('Two')).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(question('Two')).toHaveAttribute('aria-expanded', 'true');
    expect(question('One')).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{End}');
    expect(question('Three')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(question('One')).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(question('Three')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(question('One')).toHaveFocus();
  });
});
