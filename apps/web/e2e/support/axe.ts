import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** docs/product.md#accessibility: no serious or critical axe-core violations on any screen. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // Colours are measured as painted: fades (toasts, menus) are let finish first, and one
  // that starts while axe reads the page is read again once it is over. A violation that
  // stays fails after the timeout. A loop that never ends (a busy spinner) is not waited
  // for, and the page is polled by the clock rather than by frames, which a busy machine
  // delays. The budget is generous because axe itself is slow on a loaded CI machine.
  await expect(async () => {
    await page.waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getTiming().iterations === Infinity,
          ),
      undefined,
      { polling: 100, timeout: 10_000 },
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
  }).toPass({ timeout: 30_000 });
}
