import type { Page } from '@playwright/test';

/**
 * The visible elements whose content is wider or taller than their box and spills out or is
 * clipped, described by tag, class and text; and the page itself when it scrolls sideways.
 * Boxes meant to scroll, to truncate with an ellipsis, or to hide text for screen readers
 * only are fine.
 */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) {
      found.push(`the page is ${root.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    }
    const skipped =
      'svg, svg *, canvas, img, video, iframe, input, select, textarea, option, .sr-only, [aria-hidden="true"], [aria-hidden="true"] *';
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (element.matches(skipped) || element.clientWidth === 0) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      if (['auto', 'scroll'].includes(style.overflowX) || style.textOverflow === 'ellipsis')
        continue;
      const wide = element.scrollWidth > element.clientWidth + 1;
      const tall = style.overflowY === 'hidden' && element.scrollHeight > element.clientHeight + 1;
      if (wide || tall) {
        const text = (element.textContent ?? '').trim().slice(0, 60);
        found.push(`<${element.tagName.toLowerCase()} class="${element.className}"> "${text}"`);
      }
    }
    return found;
  });
}
