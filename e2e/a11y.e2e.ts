import { describe, it } from "vitest";
import type { CollectionSummary } from "#contracts/collections";
import { signUpByApi } from "./account-page.ts";
import { adminContext } from "./admin-page.ts";
import { baseUrl, expectNoAxeViolations, interactive, newContext, newPage, type ViewportName } from "./browser.ts";
import { cards, newestImages } from "./gallery-page.ts";
import { distinctImage } from "../server/media/test-images.ts";
import { creatorContext, uploadedImage } from "./studio-page.ts";

/** axe-core finds no WCAG 2.2 A/AA violation on any visitor screen, at desktop and phone sizes, light and dark. */
const viewports: ViewportName[] = ["desktop", "phone"];

describe.each(viewports)("accessibility on %s", (viewport) => {
  it.each(["/", "/?tag=sunset", "/?q=mountains", "/?q=zzqx", "/privacy-policy", "/terms-of-service", "/license", "/no-such-page", "/creator/Nobody%20At%20All", "/de/", "/ar/", "/ja/?q=zzqx", "/ar/login"])(
    "%s has no violations",
    async (path) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await newPage(viewport, { colorScheme });
        await page.goto(path, { waitUntil: "networkidle" });
        await expectNoAxeViolations(page);
      }
    },
  );

  it("a creator page has no violations", async () => {
    const image = (await newestImages(1))[0]!;
    const page = await newPage(viewport);
    await page.goto(`/creator/${encodeURIComponent(image.creator.name)}`, { waitUntil: "networkidle" });
    await expectNoAxeViolations(page);
  });

  it("a public collection's page and the profile's Collections tab have no violations", async () => {
    const [image] = await newestImages(1);
    const context = await newContext(viewport);
    await signUpByApi(context, "Ada Access");
    const headers = { origin: baseUrl() };
    const { id, path } = (await (await context.request.post("/api/collections", { data: { name: "Accessible picks", isPublic: true }, headers })).json()) as CollectionSummary;
    await context.request.put(`/api/collections/${id}/images/${image!.id}`, { headers });
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await newPage(viewport, { colorScheme });
      await page.goto(path, { waitUntil: "networkidle" });
      await expectNoAxeViolations(page);
    }
    const page = await context.newPage();
    await page.goto("/profile-settings?tab=collections", { waitUntil: "networkidle" });
    await page.getByRole("list", { name: "Collections" }).waitFor();
    await expectNoAxeViolations(page);
  });

  it("the detail overlay has no violations, opened from a card and as its own page", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await newPage(viewport, { colorScheme });
      await page.goto("/", { waitUntil: "networkidle" });
      await cards(page).first().locator("a").first().click();
      await page.getByRole("dialog").getByRole("region", { name: "Related images" }).waitFor();
      await expectNoAxeViolations(page);
    }
    const image = (await newestImages(3))[2]!;
    const page = await newPage(viewport);
    await page.goto(image.path, { waitUntil: "networkidle" });
    await expectNoAxeViolations(page);
  });

  it("the admin area's sections and a confirmation have no violations", async () => {
    const { context } = await adminContext(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      for (const section of ["moderation", "images", "accounts", "activity"]) {
        await page.goto(`/admin/${section}`, { waitUntil: "networkidle" });
        await expectNoAxeViolations(page);
      }
    }
    const page = await context.newPage();
    await page.goto("/admin/images", { waitUntil: "networkidle" });
    const hide = page.getByRole("list", { name: "Images" }).getByRole("button", { name: /^Hide / }).first();
    await interactive(hide);
    await hide.click();
    await page.getByRole("dialog").waitFor();
    await expectNoAxeViolations(page);
  });

  it("the open menus and suggestions have no violations", async () => {
    const page = await newPage(viewport);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    if (viewport === "phone") await page.getByRole("button", { name: "Search", exact: true }).click();
    const box = page.getByRole("combobox", { name: "Search images" }).last();
    await box.fill("mo");
    await page.getByRole("listbox", { name: "Tag suggestions" }).last().waitFor();
    await expectNoAxeViolations(page);
  });

  it("the admin insights page has no violations, drawn and with its numbers open", async () => {
    const { context } = await adminContext(viewport);
    for (const colorScheme of ["light", "dark"] as const) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme });
      await page.goto("/admin/insights", { waitUntil: "networkidle" });
      await page.locator("path.recharts-area-area").first().waitFor();
      await page.getByText("Numbers per day").first().click();
      await expectNoAxeViolations(page);
    }
  });

  it("the creators' pages (upload, your images, edit) have no violations", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const context = await creatorContext(viewport, "Ally Creator", { colorScheme });
      const upload = await uploadedImage(
        context,
        { fileName: "a11y.jpg", title: "Accessible" },
        await distinctImage(400, 300, 900 + (viewport === "phone" ? 1 : 2) + (colorScheme === "dark" ? 10 : 0)),
      );
      const page = await context.newPage();
      for (const path of ["/upload", "/studio", `/studio/images/${upload!.image!.id}`]) {
        await page.goto(path, { waitUntil: "networkidle" });
        await expectNoAxeViolations(page);
      }
    }
  });
});
