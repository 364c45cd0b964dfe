import { expect, type Page } from '@playwright/test';

/**
 * Opens a tool's page and waits until its script has adopted the served form
 * (components/form-card.tsx). Playwright waits for a field to be enabled before it types or
 * clicks, but not before it sets files or before a test dispatches a drop or a paste.
 */
export async function openTool(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await toolReady(page);
}

/** Reloads a tool's page and waits, as openTool does, until the script has adopted its form. */
export async function reloadTool(page: Page): Promise<void> {
  await page.reload();
  await toolReady(page);
}

async function toolReady(page: Page): Promise<void> {
  await expect(page.locator('fieldset[data-starting]')).toHaveCount(0);
}
