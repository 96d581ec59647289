import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready);
}

/**
 * At desktop and phone widths (375 px unless `phone` says otherwise; and in dark mode at desktop width): a full-page screenshot into the test output,
 * no axe violation (WCAG 2.1 A/AA), and at phone width no sideways scrolling.
 */
export async function checkPage(
  page: Page,
  name: string,
  testInfo: TestInfo,
  opts: { dark?: boolean; phone?: { width: number; height: number } } = {},
) {
  const phone = opts.phone ?? PHONE;
  const original = page.viewportSize() ?? DESKTOP;
  const schemes: ("light" | "dark")[] = opts.dark === false ? ["light"] : ["light", "dark"];
  for (const scheme of schemes) {
    await page.emulateMedia({ colorScheme: scheme });
    // Dark mode at desktop width only: the layout is the same, the colours are what changes.
    const sizes =
      scheme === "dark"
        ? ([["desktop", DESKTOP]] as const)
        : ([
            ["desktop", DESKTOP],
            ["phone", phone],
          ] as const);
    for (const [label, size] of sizes) {
      await page.setViewportSize(size);
      await settle(page);
      const shot = testInfo.outputPath(`${name}-${label}${scheme === "dark" ? "-dark" : ""}.png`);
      await page.screenshot({ path: shot, fullPage: true });
      await testInfo.attach(`${name} ${label} ${scheme}`, { path: shot, contentType: "image/png" });
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const summary = results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
      expect(summary, `axe on ${name} at ${label} (${scheme})`).toEqual([]);
      if (label === "phone") {
        const widths = await page.evaluate(() => {
          // What sticks out, to say why in the failure message.
          const wide = [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
            .filter((el) => {
              // Clipped or scrolled inside a box (position: absolute escapes boxes that are not its containing block).
              const fixedOrAbsolute = (e: Element) => ["absolute", "fixed"].includes(getComputedStyle(e).position);
              let escapes = fixedOrAbsolute(el);
              for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
                const style = getComputedStyle(p);
                if (escapes && style.position !== "static") escapes = fixedOrAbsolute(p);
                if (style.overflowX !== "visible" && !escapes) return false;
              }
              return true;
            })
            .slice(0, 5)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`,
            );
          return { scroll: document.documentElement.scrollWidth, view: window.innerWidth, wide };
        });
        expect(
          widths.scroll,
          `${name} scrolls sideways at ${phone.width} px: ${widths.wide.join("; ")}`,
        ).toBeLessThanOrEqual(widths.view);
      }
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(original);
}
