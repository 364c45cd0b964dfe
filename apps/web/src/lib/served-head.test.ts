import { afterEach, describe, expect, it } from 'vitest';
import { replaceServedHeadOnRender } from './served-head';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function headWithServedTags(): HTMLHeadElement {
  const head = document.createElement('head');
  head.innerHTML =
    '<title data-served-head>Page Not Found — CodeDrop</title>' +
    '<meta data-served-head name="description" content="served">' +
    '<link rel="stylesheet" href="/app.css">';
  return head;
}

afterEach(() => document.head.replaceChildren());

describe('replaceServedHeadOnRender', () => {
  it('keeps the served tags until a rendered title arrives, then drops them in the same turn', async () => {
    const head = headWithServedTags();
    replaceServedHeadOnRender(head);

    const meta = document.createElement('meta');
    meta.name = 'robots';
    head.append(meta);
    await settle();
    expect(head.querySelectorAll('title')).toHaveLength(1);
    expect(head.querySelector('title')?.textContent).toBe('Page Not Found — CodeDrop');

    const title = document.createElement('title');
    title.textContent = 'Page Not Found — CodeDrop';
    head.append(title);
    await Promise.resolve();
    const titles = [...head.querySelectorAll('title')];
    expect(titles).toHaveLength(1);
    expect(titles[0]).toBe(title);
    expect(head.querySelector('[data-served-head]')).toBeNull();
    expect(head.querySelector('link[rel="stylesheet"]')).not.toBeNull();
    expect(head.querySelector('meta[name="robots"]')).toBe(meta);
  });

  it('stops watching once it has swapped', async () => {
    const head = headWithServedTags();
    replaceServedHeadOnRender(head);
    head.append(document.createElement('title'));
    await settle();

    const later = document.createElement('meta');
    later.setAttribute('data-served-head', '');
    head.append(later, document.createElement('title'));
    await settle();
    expect(head.contains(later)).toBe(true);
  });
});
