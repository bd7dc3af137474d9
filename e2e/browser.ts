import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, expect, inject } from "vitest";
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

/** Content-Security-Policy violations any page reported during the current test. */
let cspViolations: string[] = [];

/** Every journey ends with no CSP violation in any page it opened (issue 9, decision 010). */
afterEach(() => {
  const seen = cspViolations;
  cspViolations = [];
  expect(seen, "Content-Security-Policy violations").toEqual([]);
});

/** In every page: report each `securitypolicyviolation` event to the test. */
const RECORD_CSP_VIOLATIONS = `document.addEventListener("securitypolicyviolation", (e) => {
  window.__stockroomCspViolation(e.effectiveDirective + " blocked " + (e.blockedURI || "inline") + " on " + e.documentURI + (e.sample ? ": " + e.sample : ""));
});`;

/** A fresh browser profile (no cookies) at a viewport; it records CSP violations for the test's check. */
export async function newContext(viewport: ViewportName = "desktop", options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await (await getBrowser()).newContext({ ...viewports[viewport], baseURL: baseUrl(), ...options });
  context.setDefaultTimeout(15_000);
  await context.exposeBinding("__stockroomCspViolation", (_source, violation: string) => void cspViolations.push(violation));
  await context.addInitScript(RECORD_CSP_VIOLATIONS);
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
  // The locator is resolved anew on each try: the element first found may be the previous
  // page's, left behind by a navigation (it is never hydrated).
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps$"))), { timeout: 15_000, interval: 50 })
    .toBe(true);
  await locator.page().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** axe-core's source, evaluated through DevTools: the page's CSP would refuse it as an added script tag. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Runs axe-core on the page at rest and fails listing every WCAG 2.2 A/AA violation. Halfway
 * through a transition text lacks contrast that it has before and after (a chip just chosen
 * fades to its dark colours in 150 ms, a toast fades in a frame after it is mounted and out
 * after four seconds), so the page is measured once nothing finite moves, and measured again
 * when something started moving during the run. Endless animations (a spinner) are ignored.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Axe = { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }> };
    const axe = (window as unknown as { axe: Axe }).axe;
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const moving = () =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity);
    for (;;) {
      await nextFrame();
      await nextFrame();
      const running = moving();
      if (running.length > 0) {
        await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
        continue;
      }
      let started = false;
      const onStart = () => (started = true);
      document.addEventListener("transitionstart", onStart, true);
      document.addEventListener("animationstart", onStart, true);
      const result = await axe.run(document, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
      });
      document.removeEventListener("transitionstart", onStart, true);
      document.removeEventListener("animationstart", onStart, true);
      if (!started && moving().length === 0) {
        return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`);
      }
    }
  });
  expect(violations).toEqual([]);
}
