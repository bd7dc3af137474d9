import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { afterAll, expect, inject } from "vitest";
import { CHROMIUM_PATH } from "./chromium.ts";

export const viewports = {
  desktop: { viewport: { width: 1440, height: 900 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
} satisfies Record<string, BrowserContextOptions>;
export type ViewportName = keyof typeof viewports;

/** The flags that let Chromium run headless as root on a machine with no outside network. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

let browser: Promise<Browser> | undefined;

/** One Chromium per test file, closed after the file's tests. */
export function getBrowser(): Promise<Browser> {
  if (!browser) {
    browser = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
    afterAll(async () => (await browser)?.close());
  }
  return browser;
}

export const baseUrl = () => inject("baseUrl");

/** A fresh browser profile (no cookies) at a viewport. */
export async function newContext(viewport: ViewportName = "desktop", options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await (await getBrowser()).newContext({ ...viewports[viewport], baseURL: baseUrl(), ...options });
  context.setDefaultTimeout(15_000);
  return context;
}

export async function newPage(viewport: ViewportName = "desktop", options: BrowserContextOptions = {}): Promise<Page> {
  return (await newContext(viewport, options)).newPage();
}

/**
 * Waits until React has hydrated the element and run the effects of that render (listeners
 * such as the overlay's keys are added there): from then on its buttons and keys work.
 */
export async function interactive(locator: Locator): Promise<void> {
  await locator.page().waitForFunction((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")), await locator.elementHandle());
  await locator.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

const axeSource = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** Runs axe-core on the page as it is now and fails listing every WCAG 2.2 A/AA violation. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.addScriptTag({ path: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> } }).axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    });
    return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`);
  });
  expect(violations).toEqual([]);
}
