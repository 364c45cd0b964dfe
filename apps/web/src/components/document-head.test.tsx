import { act, render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DocumentHead, HeadCollectorProvider, headHtml, type CollectedHead } from './document-head';

const head = () =>
  [...document.head.querySelectorAll('title, meta, link')].map((node) => node.outerHTML);

describe('DocumentHead', () => {
  it('adds its title and tags to <head> while shown, and takes them away after', () => {
    const { unmount } = render(
      <DocumentHead
        title="Page — CodeDrop"
        tags={[
          { tag: 'meta', name: 'description', content: 'About a page' },
          { tag: 'link', rel: 'canonical', href: 'https://example.test/page' },
        ]}
      />,
    );
    expect(document.title).toBe('Page — CodeDrop');
    expect(head()).toEqual([
      '<title data-head="">Page — CodeDrop</title>',
      '<meta name="description" content="About a page" data-head="">',
      '<link rel="canonical" href="https://example.test/page" data-head="">',
    ]);
    unmount();
    expect(head()).toEqual([]);
  });

  it('replaces its tags when they change, not when only the array is new', () => {
    let setTitle: (title: string) => void = () => undefined;
    function Page() {
      const [title, set] = useState('First');
      setTitle = set;
      return <DocumentHead title={title} tags={[{ tag: 'meta', name: 'robots', content: 'x' }]} />;
    }
    render(<Page />);
    const first = document.head.querySelector('meta[name="robots"]');
    act(() => setTitle('First'));
    expect(document.head.querySelector('meta[name="robots"]')).toBe(first);
    act(() => setTitle('Second'));
    expect(document.title).toBe('Second');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('is collected on the server, the first title kept, and written out escaped', () => {
    const collected: CollectedHead = { tags: [] };
    const body = renderToString(
      <HeadCollectorProvider head={collected}>
        <DocumentHead
          title={'A <b> & "quoted" title'}
          tags={[{ tag: 'meta', property: 'og:title', content: '"x" <y> & z' }]}
        />
        <DocumentHead title="Second" />
        <p>body</p>
      </HeadCollectorProvider>,
    );
    expect(body).toBe('<p>body</p>');
    expect(headHtml(collected)).toBe(
      '<title>A &lt;b&gt; &amp; "quoted" title</title>' +
        '<meta property="og:title" content="&quot;x&quot; &lt;y&gt; &amp; z">',
    );
  });
});
