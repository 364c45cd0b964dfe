import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** docs/product.md#accessibility: no serious or critical axe-core violations on any screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours are measured as painted: let fades (toasts, menus) finish first.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(blocking, `axe violations on ${screen}`).toEqual([]);
}
