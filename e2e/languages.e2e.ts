import type { Locator } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { baseUrl, interactive, newContext, newPage } from "./browser.ts";
import type { CollectionSummary } from "#contracts/collections";
import { signUpByApi } from "./account-page.ts";
import { imageDetail, newestDemoImages, newestImages } from "./gallery-page.ts";
import { linkIn, waitForMail } from "../test/peers/smtp.ts";
import { distinctImage } from "../server/media/test-images.ts";
import { creatorContext, uploadedImage } from "./studio-page.ts";
import { adminContext } from "./admin-page.ts";

/** Issue #22: English at today's URLs, every other language under its prefix, never a redirect (decision 044). */
describe("languages", () => {
  it("serves the header and footer in German under /de/, and their links stay in German", async () => {
    const page = await newPage("desktop");
    const response = await page.goto("/de/");
    expect(response?.status()).toBe(200);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    expect(await page.getByRole("link", { name: "Anmelden" }).getAttribute("href")).toBe("/de/login");
    expect(await page.getByRole("link", { name: "Registrieren" }).getAttribute("href")).toBe("/de/signup");
    expect(await page.getByRole("link", { name: "Stockroom – Startseite" }).getAttribute("href")).toBe("/de/");
    await page.getByRole("combobox", { name: "Bilder suchen" }).waitFor();
    await page.getByRole("button", { name: "Menü", exact: true }).click();
    const menu = page.getByRole("navigation", { name: "Website" });
    expect(await menu.getByRole("link", { name: "Lizenz" }).getAttribute("href")).toBe("/de/license");
    await menu.getByRole("link", { name: "Datenschutzerklärung" }).click();
    await page.waitForURL(`${baseUrl()}/de/privacy-policy`);
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    // The page's footer speaks German too, its links under /de/.
    const footer = page.getByRole("contentinfo");
    expect(await footer.getByRole("link", { name: "Nutzungsbedingungen" }).getAttribute("href")).toBe("/de/terms-of-service");
    expect(await footer.getByRole("list", { name: "Sprache" }).getByRole("link", { name: "Deutsch" }).getAttribute("aria-current")).toBe("page");
  });

  it("lays Arabic out right to left, and keeps English where it was", async () => {
    const page = await newPage("phone");
    await page.goto("/ar/");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await page.getByRole("link", { name: "تسجيل الدخول" }).waitFor();
    await page.goto("/");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator("html").getAttribute("dir")).toBe("ltr");
    expect(await page.getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/login");
  });

  it("names every language's version of a page, the canonical one and the Open Graph locale", async () => {
    const page = await newPage("desktop");
    await page.goto("/ja/license");
    const head = (selector: string, attribute: string) => page.locator(`head ${selector}`).getAttribute(attribute);
    expect(await page.locator("html").getAttribute("lang")).toBe("ja");
    expect(await head('link[rel="canonical"]', "href")).toBe(`${baseUrl()}/ja/license`);
    expect(await head('link[rel="alternate"][hreflang="pt-BR"]', "href")).toBe(`${baseUrl()}/pt-br/license`);
    expect(await head('link[rel="alternate"][hreflang="x-default"]', "href")).toBe(`${baseUrl()}/license`);
    expect(await page.locator('head link[rel="alternate"][hreflang]').count()).toBe(8);
    expect(await head('meta[property="og:locale"]', "content")).toBe("ja_JP");
  });

  it("answers 404 for a prefix that is no language, and redirects nobody by their Accept-Language", async () => {
    expect((await fetch(`${baseUrl()}/xx/license`)).status).toBe(404);
    const missing = await fetch(`${baseUrl()}/de/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Hoppla! Seite nicht gefunden");
    const nobody = await fetch(`${baseUrl()}/fr/creator/Nobody%20At%20All`);
    expect(nobody.status).toBe(404);
    expect(await nobody.text()).toContain("Créateur introuvable");
    const english = await fetch(`${baseUrl()}/license`, { headers: { "accept-language": "de-DE,de;q=0.9" }, redirect: "manual" });
    expect(english.status).toBe(200);
    expect(await english.text()).toMatch(/<html lang="en" dir="ltr"/);
  });

  it("picks a language in the menu: the same page in it, and the choice remembered", async () => {
    const context = await newContext("phone");
    const page = await context.newPage();
    await page.goto("/license?from=menu");
    await page.getByRole("button", { name: "Menu", exact: true }).click();
    const languages = page.getByRole("navigation", { name: "Site" }).getByRole("list", { name: "Language" });
    expect(await languages.getByRole("link").allTextContents()).toEqual(["English", "Deutsch", "Français", "Español", "Português (Brasil)", "日本語", "العربية"]);
    expect(await languages.getByRole("link", { name: "English" }).getAttribute("aria-current")).toBe("page");
    await languages.getByRole("link", { name: "Français" }).click();
    await page.waitForURL(`${baseUrl()}/fr/license?from=menu`);
    await page.getByRole("link", { name: "Connexion" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    expect((await context.cookies()).find((cookie) => cookie.name === "stockroom.lang")?.value).toBe("fr");
  });

  it("offers a first visit the language its browser prefers, in one line in that language it can follow or dismiss", async () => {
    const following = await newContext("desktop", { locale: "de-DE" });
    const page = await following.newPage();
    await page.goto("/license");
    // The line speaks to a German reader in German, on the English page.
    await page.getByRole("link", { name: "Diese Seite gibt es auch auf Deutsch." }).click();
    await page.waitForURL(`${baseUrl()}/de/license`);
    await page.getByRole("link", { name: "Anmelden" }).waitFor();
    await page.goto("/license");
    await interactive(page.getByRole("link", { name: "Login" }));
    expect(await page.getByRole("complementary", { name: "Language" }).count()).toBe(0);

    const dismissing = await (await newContext("phone", { locale: "ja-JP" })).newPage();
    await dismissing.goto("/");
    await dismissing.getByRole("button", { name: "閉じる" }).click();
    await dismissing.getByRole("complementary", { name: "Language" }).waitFor({ state: "detached" });
    await dismissing.reload();
    await interactive(dismissing.getByRole("link", { name: "Login" }));
    expect(await dismissing.getByRole("complementary", { name: "Language" }).count()).toBe(0);
  });

  it("offers a German page's visitor whose browser prefers English the English page, in English", async () => {
    const page = await (await newContext("desktop", { locale: "en-US" })).newPage();
    await page.goto("/de/license");
    const offer = page.getByRole("link", { name: "This page is also in English." });
    // The line is decided once the page has hydrated: its link first, then what it holds.
    expect(await offer.getAttribute("href")).toBe("/license");
    expect(await page.locator('aside [lang="en"]').count()).toBe(1);
  });

  it("refuses a creator's avatar that is no picture in German", async () => {
    const context = await creatorContext("desktop", "Anke Avatar");
    const page = await context.newPage();
    await page.goto("/de/profile-settings");
    await interactive(page.getByLabel("Bild auswählen"));
    await page.getByLabel("Bild auswählen").setInputFiles({ name: "notiz.txt", mimeType: "text/plain", buffer: Buffer.from("kein Bild") });
    await page.getByRole("status").filter({ hasText: "Keine Bilddatei (erwartet: JPEG, PNG, WebP, AVIF, GIF oder TIFF)" }).waitFor();
  });

  it("signs a visitor up in German and brings them back to the German gallery", async () => {
    const page = await newPage("phone");
    await page.goto("/de/login");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Willkommen zurück");
    await page.getByRole("link", { name: "Registrieren" }).click();
    await page.waitForURL(`${baseUrl()}/de/signup`);
    await page.getByRole("heading", { name: "Konto erstellen", level: 1 }).waitFor();
    await interactive(page.locator("form").first());
    await page.getByLabel("Vollständiger Name", { exact: true }).fill("Greta Sprache");
    await page.getByLabel("E-Mail", { exact: true }).fill(`sprache-${crypto.randomUUID()}@example.test`);
    await page.getByLabel("Passwort", { exact: true }).fill("ein langes deutsches Passwort");
    await page.getByLabel("Passwort bestätigen", { exact: true }).fill("ein langes deutsches Passwort");
    await page.getByRole("button", { name: "Passwort anzeigen" }).click();
    await page.getByRole("button", { name: "Konto erstellen" }).click();
    await page.waitForURL(`${baseUrl()}/de/`);
    await page.getByRole("link", { name: "Profil" }).waitFor();
  });

  it("opens an image in Arabic: the overlay speaks Arabic, stays under /ar/, and the left arrow goes on to the next image", async () => {
    const page = await newPage("desktop");
    await page.goto("/ar/", { waitUntil: "networkidle" });
    const grid = page.getByRole("list", { name: "الصور", exact: true });
    // Two demo images, next to each other in the grid: other files' uploads, newer, may have no related images yet.
    const [first, second] = await newestDemoImages(2);
    await grid.locator(`[data-image-id="${first!.id}"] a`).first().click();
    const dialog = page.getByRole("dialog", { name: first!.title });
    await dialog.getByRole("region", { name: "صور ذات صلة" }).waitFor();
    await page.waitForURL(`${baseUrl()}/ar${first!.path}`);
    await dialog.getByRole("button", { name: "الصورة التالية" }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await page.getByRole("dialog", { name: second!.title }).waitFor();
    await page.waitForURL(`${baseUrl()}/ar${second!.path}`);
  });

  it("lays a creator's English words left to right inside the Arabic overlay on a phone, and its position reads '1 / N' left to right", async () => {
    const page = await newPage("phone");
    await page.goto("/ar/", { waitUntil: "networkidle" });
    const [first] = await newestDemoImages(1);
    const card = page.getByRole("list", { name: "الصور", exact: true }).locator(`[data-image-id="${first!.id}"] a`).first();
    await interactive(card);
    await card.click();
    const dialog = page.getByRole("dialog", { name: first!.title });
    await interactive(dialog);
    const direction = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).direction);
    expect(await direction(dialog)).toBe("rtl");
    // The title and description as written (English): their punctuation where English puts it.
    expect(await direction(dialog.getByRole("heading", { name: first!.title }))).toBe("ltr");
    expect(await direction(dialog.locator("h2 + p"))).toBe("ltr");
    // "3 / 30" reads as in every language, not "30 / 3".
    expect(await direction(dialog.getByText(/^\d+ \/ \d+$/))).toBe("ltr");
  });

  it("names an image's download sizes in German", async () => {
    const [image] = await newestImages(1);
    const { downloadSizes } = await imageDetail(image!.id);
    const page = await newPage("desktop");
    await page.goto(`/de${image!.path}`);
    const choose = page.getByRole("button", { name: "Downloadgröße wählen" });
    await interactive(choose);
    await choose.click();
    const german = { small: "Klein", medium: "Mittel", large: "Groß", original: "Original" };
    const names = await page.getByRole("list", { name: "Downloadgrößen" }).getByRole("link").evaluateAll((links) => links.map((link) => link.querySelector("span")!.textContent));
    expect(names).toEqual(downloadSizes.map((size) => german[size.name]));
  });

  it("thanks a creator in German after a download: the panel, its credit line, its toast and its link to the creator stay German", async () => {
    const [, image] = await newestImages(2);
    const context = await newContext("desktop", { permissions: ["clipboard-read", "clipboard-write"] });
    await signUpByApi(context, "Dana Dankbar");
    const page = await context.newPage();
    await page.goto(`/de${image!.path}`);
    const download = page.getByRole("link", { name: "Herunterladen", exact: true });
    await interactive(download);
    const downloading = page.waitForEvent("download");
    await download.click();
    await downloading;
    const panel = page.getByRole("region", { name: `Sag ${image!.creator.name} Danke` });
    await interactive(panel);
    const line = `Bild von ${image!.creator.name} auf Stockroom — ${baseUrl()}${image!.path}`;
    await panel.getByText(line, { exact: true }).waitFor();
    await panel.getByRole("button", { name: "Quellenangabe kopieren" }).click();
    await page.locator("[data-sonner-toast]", { hasText: "Quellenangabe in die Zwischenablage kopiert!" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(line);
    const creatorPage = panel.getByRole("link", { name: `Seite von ${image!.creator.name}` });
    expect(await creatorPage.getAttribute("href")).toBe(`/de/creator/${encodeURIComponent(image!.creator.name)}`);
    await context.close();
  });

  it("shows the profile in German, and a refused password change in German", async () => {
    const context = await newContext("desktop");
    const email = await signUpByApi(context, "Greta Profil");
    const page = await context.newPage();
    await page.goto("/de/profile-settings");
    await page.getByRole("heading", { name: "Profileinstellungen", level: 1 }).waitFor();
    await page.getByText(`Angemeldet als ${email}`).waitFor();
    await interactive(page.locator("form").first());
    await page.getByLabel("Aktuelles Passwort", { exact: true }).fill("falsch");
    await page.getByLabel("Neues Passwort", { exact: true }).fill("kurz");
    await page.getByLabel("Neues Passwort bestätigen", { exact: true }).fill("kurz");
    await page.getByRole("button", { name: "Passwort ändern" }).click();
    await page.getByRole("alert").filter({ hasText: "Das neue Passwort muss mindestens 6 Zeichen lang sein" }).waitFor();
  });

  it("shows the profile's liked images, collections and downloads in German, a refused rename, a refused new collection and a collection made private in German", async () => {
    const [image] = await newestImages(1);
    const context = await newContext("desktop");
    await signUpByApi(context, "Lena Liebling");
    const headers = { origin: baseUrl() };
    const page = await context.newPage();
    await page.goto("/de/profile-settings?tab=liked");
    await page.getByRole("heading", { name: "Noch keine gemochten Bilder" }).waitFor();
    expect(await page.getByRole("link", { name: "Galerie entdecken" }).getAttribute("href")).toBe("/de/");

    await context.request.put(`/api/images/${image!.id}/like`, { headers });
    const { id } = (await (await context.request.post("/api/collections", { data: { name: "Lieblinge", isPublic: true }, headers })).json()) as CollectionSummary;
    await context.request.put(`/api/collections/${id}/images/${image!.id}`, { headers });
    await context.request.get(`/api/images/${image!.id}/download?size=small`);
    await page.goto("/de/profile-settings?tab=collections");
    await page.getByRole("tab", { name: "Gemochte Bilder (1)" }).waitFor();
    const collections = page.getByRole("list", { name: "Sammlungen" });
    await collections.getByText("1 Bild · Öffentlich").waitFor();
    await interactive(page.getByRole("button", { name: "Lieblinge umbenennen" }));
    await page.getByRole("button", { name: "Lieblinge umbenennen" }).click();
    await page.getByLabel("Neuer Name").fill(" ");
    await page.getByRole("button", { name: "Namen speichern" }).click();
    await page.getByRole("alert").filter({ hasText: "Bitte gib der Sammlung einen Namen" }).waitFor();
    await page.getByRole("button", { name: "Abbrechen" }).click();
    await page.getByRole("button", { name: "Lieblinge privat machen" }).click();
    await page.getByText("Sammlung ist jetzt privat").waitFor();
    await collections.getByText("1 Bild · Privat").waitFor();
    const newOne = page.getByRole("region", { name: "Neue Sammlung" });
    await newOne.getByRole("button", { name: "Anlegen" }).click();
    await newOne.getByRole("alert").filter({ hasText: "Bitte gib der Sammlung einen Namen" }).waitFor();

    await page.getByRole("tab", { name: "Downloads" }).click();
    const line = await page.getByRole("list", { name: "Downloads" }).getByRole("listitem").locator("p").nth(1).textContent();
    expect(line).toMatch(/^Klein · \d+ × \d+ px · \d{1,2}\. [A-Za-zä]+ \d{4} um \d\d:\d\d UTC$/);
  });

  it("shows a license receipt in German: its labels, the file's length and the day in German", async () => {
    const [image] = await newestImages(1);
    const context = await newContext("desktop");
    await signUpByApi(context, "Rudi Beleg");
    const download = await context.request.get(`/api/images/${image!.id}/download?size=small`);
    const bytes = (await download.body()).length;
    const [receipt] = ((await (await context.request.get("/api/me/receipts")).json()) as { items: Array<{ id: number }> }).items;
    const page = await context.newPage();
    await page.goto(`/de/receipts/${receipt!.id}`);
    await page.getByRole("heading", { name: "Lizenzbeleg", level: 1 }).waitFor();
    expect(await page.title()).toBe(`Lizenzbeleg: ${image!.title} · Stockroom`);
    const fact = async (label: string) => (await page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]").textContent())!.trim();
    expect(await fact("Dateigröße")).toBe(`${bytes.toLocaleString("de")} Byte`);
    expect(await fact("Bild")).toBe(`${image!.title} (Bild ${image!.id})`);
    expect(await fact("Heruntergeladen")).toMatch(/^\d{1,2}\. [A-Za-zä]+ \d{4} um \d\d:\d\d UTC$/);
    expect(await fact("Lizenz")).toMatch(/^Version \d+ vom \d{1,2}\. [A-Za-zä]+ \d{4}$/);
    expect(await page.getByRole("link", { name: "Zurück zu den Downloads" }).getAttribute("href")).toBe("/de/profile-settings?tab=downloads");
  });

  it("shows the legal pages' titles, headings and chrome in German, and says their text is English", async () => {
    const page = await newPage("phone");
    await page.goto("/de/terms-of-service");
    await page.getByRole("heading", { name: "Nutzungsbedingungen", level: 1 }).waitFor();
    expect(await page.title()).toBe("Nutzungsbedingungen · Stockroom");
    await page.getByText(/^Zuletzt aktualisiert: \d{1,2}\. [A-Za-zä]+ \d{4}$/).waitFor();
    await page.getByText("Diesen Text gibt es nur auf Englisch; maßgeblich ist der englische Wortlaut.").waitFor();
    await page.getByRole("heading", { name: "Dein Konto", level: 2 }).waitFor();
    expect(await page.locator(".legal").getAttribute("lang")).toBe("en");
    expect(await page.getByRole("link", { name: "Stockroom License" }).getAttribute("href")).toBe("/de/license");
  });

  it("asks for a reset link in German, and answers in German", async () => {
    const page = await newPage("phone");
    await page.goto("/de/login");
    await page.getByRole("link", { name: "Passwort vergessen?" }).click();
    await page.waitForURL(`${baseUrl()}/de/forgot-password`);
    await page.getByRole("heading", { name: "Passwort zurücksetzen", level: 1 }).waitFor();
    await interactive(page.locator("form").first());
    await page.getByLabel("E-Mail", { exact: true }).fill("niemand@example.test");
    await page.getByRole("button", { name: "Link senden" }).click();
    await page.getByRole("status").filter({ hasText: "Falls es zu dieser E-Mail-Adresse ein Konto gibt" }).waitFor();
    await page.goto("/de/verify");
    await page.getByRole("heading", { name: "Datei prüfen", level: 1 }).waitFor();
    // The server refuses a file that is no image by its code: the page says why in German.
    await interactive(page.getByLabel("Datei zum Prüfen auswählen"));
    await page.getByLabel("Datei zum Prüfen auswählen").setInputFiles({ name: "notiz.txt", mimeType: "text/plain", buffer: Buffer.from("kein Bild") });
    await page.getByText("Diese Datei ist kein Bild, das Content Credentials tragen kann: Wählen Sie eine JPEG-, PNG-, WebP-, AVIF-, HEIC-, TIFF- oder GIF-Datei.").waitFor();
  });

  it("saves a signed-in account's pick in the menu: its profile says Deutsch, and its reset mail is German and links under /de/", async () => {
    const context = await newContext("desktop");
    const email = await signUpByApi(context, "Greta Post");
    const page = await context.newPage();
    await page.goto("/license");
    const menuButton = page.getByRole("button", { name: "Menu", exact: true });
    await interactive(menuButton);
    await menuButton.click();
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/update-user");
    await page.getByRole("navigation", { name: "Site" }).getByRole("list", { name: "Language" }).getByRole("link", { name: "Deutsch" }).click();
    expect((await saved).status()).toBe(200);
    await page.goto("/de/profile-settings");
    expect(await page.getByRole("combobox", { name: "Sprache" }).inputValue()).toBe("de");

    // The mail follows the account's language, whichever page asked for it.
    await page.goto("/forgot-password");
    await interactive(page.locator("form").first());
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("status").waitFor();
    const mail = await waitForMail(inject("mailDir"), email);
    expect(mail.subject).toBe("Setze dein Stockroom-Passwort zurück");
    expect(mail.body).toContain("Öffne diesen Link, um ein neues Passwort zu wählen:");
    expect(new URL(linkIn(mail, baseUrl())).pathname).toBe("/de/reset-password");
  });

  it("shows the error page in German from its own words, as the page's messages may be what failed", async () => {
    const refused = await fetch(`${baseUrl()}/de/login`, { method: "POST", headers: { origin: baseUrl(), "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("<h1 class=\"text-2xl font-semibold\">Etwas ist schiefgelaufen</h1>");
    expect(html).toContain('href="/de/"');
  });

  it("shows a collection's page and its head in German, its count in German plural, its name and owner as written", async () => {
    const [image] = await newestImages(1);
    const context = await newContext("desktop");
    await signUpByApi(context, "Kai Sammler");
    const headers = { origin: baseUrl() };
    const { id, path } = (await (await context.request.post("/api/collections", { data: { name: "Meine Auswahl", isPublic: true }, headers })).json()) as CollectionSummary;
    await context.request.put(`/api/collections/${id}/images/${image!.id}`, { headers });
    const page = await context.newPage();
    await page.goto(`/de${path}`);
    await page.getByText("Sammlung", { exact: true }).waitFor();
    await page.getByText("von Kai Sammler").waitFor();
    await page.getByText("1 Bild", { exact: true }).waitFor();
    await page.getByRole("link", { name: "Alle herunterladen" }).waitFor();
    expect(await page.locator('head meta[property="og:title"]').getAttribute("content")).toBe("Meine Auswahl · eine Sammlung von Kai Sammler");
    expect(await page.locator('head meta[name="description"]').getAttribute("content")).toBe("1 Bild, gesammelt von Kai Sammler auf Stockroom: frei nutzbar für jeden Zweck, auch kommerziell.");
    // A collection that does not exist is the not-found page, titled in German too.
    expect((await page.goto("/de/collections/999999999-nirgends"))?.status()).toBe(404);
    expect(await page.title()).toBe("Seite nicht gefunden · Stockroom");
    expect(await page.locator("head > title").count()).toBe(1);
  });

  it("shows a creator's images in German: their numbers in German words and the edit page's saved message in German", async () => {
    const context = await creatorContext("desktop", "Uta Urheberin");
    const upload = await uploadedImage(context, { fileName: "deutsch.jpg", title: "Abendlicht" }, await distinctImage(500, 400, 1220));
    const page = await context.newPage();
    await page.goto("/de/studio");
    await page.getByRole("heading", { name: "Deine Bilder", level: 1 }).waitFor();
    // Its counts in German words, whatever they are: files running beside this one open the newest images, this one among them (a view).
    await page.getByRole("listitem").filter({ hasText: "Abendlicht" }).getByText(/^\d+ Aufrufe? · \d+ Downloads? · \d+ Likes?$/).waitFor();
    await page.getByRole("link", { name: "Bearbeiten" }).click();
    await page.waitForURL(`${baseUrl()}/de/studio/images/${upload.image!.id}`);
    await interactive(page.getByRole("button", { name: "Änderungen speichern" }));
    await page.getByLabel("Modell (optional)", { exact: true }).fill("Imagen 4");
    await page.getByRole("button", { name: "Änderungen speichern" }).click();
    await page.getByRole("status").filter({ hasText: "Änderungen gespeichert" }).waitFor();
  });

  it("says in German why a queued upload failed: the same picture is already there (in English as the server words it)", async () => {
    const context = await creatorContext("desktop", "Doris Doppelt");
    const file = await distinctImage(500, 400, 1270);
    const first = await uploadedImage(context, { fileName: "erstes.jpg", title: "Erstes" }, file);
    await uploadedImage(context, { fileName: "zweites.jpg", title: "Zweites" }, file, "failed");
    const page = await context.newPage();
    await page.goto("/de/studio");
    await page.getByText(`Fehlgeschlagen: Dasselbe Bild ist schon als Bild Nr. ${first.image!.id} im Katalog`, { exact: true }).waitFor();
    // English keeps the server's words.
    await page.goto("/studio");
    await page.getByText(`Failed: The same picture as image ${first.image!.id} is already in the catalog`, { exact: true }).waitFor();
  });

  it("uploads in German: the form, the button's count and a refused file's reason in German", async () => {
    // A German browser: no offer of English along the bottom covers the form's button.
    const context = await creatorContext("phone", "Udo Uploader", { locale: "de-DE" });
    const page = await context.newPage();
    await page.goto("/de/upload");
    await page.getByRole("heading", { name: "Hochladen", level: 1 }).waitFor();
    await interactive(page.locator('form[aria-labelledby="details-heading"]'));
    await page.getByLabel("Dateien auswählen").setInputFiles([{ name: "notizen.txt", mimeType: "text/plain", buffer: Buffer.from("kein Bild") }]);
    const row = page.getByRole("list", { name: "Dateien zum Hochladen" }).locator(":scope > li");
    expect(await row.textContent()).toContain("1 KB");
    await page.getByRole("button", { name: "1 Datei hochladen" }).click();
    await expect
      .poll(() => row.getByRole("status").textContent(), { timeout: 15_000 })
      .toBe("Abgelehnt: Keine Bilddatei (erwartet: JPEG, PNG, WebP, AVIF, GIF oder TIFF)");
  });

  it("shows the admin's insights in German: the tabs, the period, the charts' names and German numbers", async () => {
    const { context } = await adminContext("desktop");
    const page = await context.newPage();
    await page.goto("/de/admin/insights");
    const tabs = page.getByRole("navigation", { name: "Verwaltung" });
    expect(await tabs.getByRole("link").allTextContents()).toEqual(["Moderation", "Bilder", "Konten", "Statistiken", "Suche", "Aktivität"]);
    expect(await tabs.getByRole("link", { name: "Statistiken" }).getAttribute("href")).toBe("/de/admin/insights");
    expect(await page.getByRole("link", { name: "30 Tage" }).getAttribute("aria-current")).toBe("page");
    await page.getByText(/^\d{1,2}\. \p{L}+ \d{4} bis \d{1,2}\. \p{L}+ \d{4}, pro Tag in UTC$/u).waitFor();
    const views = page.getByRole("region", { name: "Aufrufe", exact: true });
    // German groups thousands with a dot, never a comma.
    expect(await views.locator("dd").first().textContent()).toMatch(/^\d{1,3}(\.\d{3})*$/);
    await page.getByRole("region", { name: "Suchen ohne Treffer" }).waitFor();
  });

  it("shows the admin's moderation queue and the images' statuses in German", async () => {
    const { context } = await adminContext("desktop");
    const page = await context.newPage();
    await page.goto("/de/admin/moderation");
    expect(await page.title()).toBe("Moderation · Verwaltung · Stockroom");
    await page.getByRole("heading", { name: "Zu prüfende Meldungen", level: 2 }).waitFor();
    await page.getByText(/(Keine offenen Meldungen\.|[\d.]+ offenen? Meldung(en)?, die älteste(n)? zuerst\.) Ein ausgeblendetes Bild verschwindet sofort/).waitFor();
    await page.getByRole("navigation", { name: "Verwaltung" }).getByRole("link", { name: "Bilder" }).click();
    await page.getByRole("searchbox", { name: "Bilder suchen" }).waitFor();
    expect(await page.getByLabel("Status").locator("option").allTextContents()).toEqual(["Alle", "Veröffentlicht", "Ausgeblendet", "Zu prüfen"]);
  });

  it("makes a member a creator in German, answered and logged in German", async () => {
    const email = await signUpByApi(await newContext("desktop"), "Mia Mitglied");
    const { context } = await adminContext("desktop");
    const page = await context.newPage();
    await page.goto(`/de/admin/accounts?${new URLSearchParams({ q: email })}`);
    const role = page.getByRole("combobox", { name: "Rolle von Mia Mitglied" });
    expect(await role.locator("option").allTextContents()).toEqual(["Mitglied", "Urheber", "Administrator"]);
    await interactive(page.getByRole("button", { name: "Mia Mitglied sperren" }));
    await role.selectOption("creator");
    await page.getByRole("button", { name: "Rolle von Mia Mitglied speichern" }).click();
    await page.getByText(`${email} ist jetzt Urheber.`).waitFor();
    await page.getByRole("navigation", { name: "Verwaltung" }).getByRole("link", { name: "Aktivität" }).click();
    const entry = page.getByRole("list", { name: "Aktionen der Verwaltung" }).getByRole("listitem").filter({ hasText: email });
    await expect.poll(() => entry.textContent()).toContain(`hat die Rolle des Kontos ${email} geändert (von Mitglied zu Urheber)`);
  });

  it("refuses in German to dismiss a report that is no longer open", async () => {
    const { context } = await adminContext("desktop");
    // As a browser without script sends it: the page comes back with the answer at its top.
    const answer = await context.request.post("/de/admin/moderation", { form: { intent: "dismiss", reportId: "2147483000" }, headers: { origin: baseUrl() } });
    expect(answer.status()).toBe(404);
    expect(await answer.text()).toContain("Offene Meldung Nr. 2147483000 wurde nicht gefunden");
  });

  it("adds search synonyms in German, and answers in German", async () => {
    const { context } = await adminContext("desktop");
    const page = await context.newPage();
    await page.goto("/de/admin/search");
    await page.getByRole("heading", { name: "Synonyme", level: 2 }).waitFor();
    await interactive(page.getByRole("button", { name: "Synonyme hinzufügen" }));
    await page.getByLabel("Wörter mit gleicher Bedeutung").fill("brandung, gischt");
    await page.getByRole("button", { name: "Synonyme hinzufügen" }).click();
    await page.getByText("Die Suche liest brandung, gischt jetzt als ein Wort.").waitFor();
    await page.getByRole("button", { name: "brandung, gischt entfernen" }).click();
    await page.getByText("Synonyme entfernt.").waitFor();
    // One word is no group: refused in German, with the numbers the service allows.
    await page.getByLabel("Wörter mit gleicher Bedeutung").fill("brandung");
    await page.getByRole("button", { name: "Synonyme hinzufügen" }).click();
    await page.getByText("Gib 2 bis 12 einzelne Wörter an, durch Kommas getrennt").waitFor();
  });

  it("shows the developers' page in German around the API's English reference", async () => {
    const page = await newPage("desktop");
    await page.goto("/de/developers");
    await page.getByRole("heading", { name: "Entwickler", level: 1 }).waitFor();
    expect(await page.title()).toBe("Entwickler · Stockroom");
    await page.getByText("Die folgende Referenz ist auf Englisch, so wie die API sich selbst beschreibt.").waitFor();
    await page.getByText("List images", { exact: true }).first().waitFor();
  });
});

