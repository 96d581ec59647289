import { expect, type Page } from "@playwright/test";

export function keyRow(page: Page, prefix: string) {
  return page.getByTestId("key-row").filter({ hasText: prefix });
}

/** Creates a key through the dialog and returns the full value it reveals (once). */
export async function createKey(
  page: Page,
  name: string,
  environment: "test" | "live",
  whileShown?: () => Promise<void>,
): Promise<string> {
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create an API key" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel(environment === "test" ? /^Test/ : /^Live/).check();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await expect(shown.getByText("you will not see it again")).toBeVisible();
  const key = await shown.getByTestId("created-key").inputValue();
  if (whileShown) await whileShown();
  await shown.getByRole("button", { name: "I have saved it" }).click();
  await expect(shown).toBeHidden();
  await expect(keyRow(page, key.slice(0, 12))).toBeVisible();
  return key;
}
