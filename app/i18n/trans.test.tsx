import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { compileCatalog } from "./compile";
import { Translations, type MessageId } from "./i18n";
import { Trans } from "./trans";

/** `element` drawn as a page at `path` whose loader sent `messages` (ICU, compiled as the build compiles them). */
function page(path: string, messages: Record<string, string>, element: React.ReactNode): string {
  const router = createMemoryRouter([{ id: "root", path: "*", element: <Translations>{element}</Translations> }], {
    initialEntries: [path],
    hydrationData: { loaderData: { root: { messages: compileCatalog("test", messages) } } },
  });
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const id = (text: string) => text as MessageId;

describe("Trans", () => {
  it("draws each numbered tag with its element, the tag's words inside it", () => {
    const html = page(
      "/",
      { by: "by <0>{owner}</0>, see <1>the license</1>" },
      <Trans id={id("by")} values={{ owner: "Ada" }} components={{ 0: <strong />, 1: <a href="/license" /> }} />,
    );
    expect(html).toBe('by <strong>Ada</strong>, see <a href="/license">the license</a>');
  });

  it("draws a value that is an element where its placeholder is, and keeps the words of a tag without its element", () => {
    const html = page("/", { byline: "{creator} (#{id}), <5>kept</5>" }, <Trans id={id("byline")} values={{ creator: <em>Mira</em>, id: 7 }} components={{}} />);
    expect(html).toBe("<em>Mira</em> (#7), kept");
  });

  it("speaks the page's language: its plural rules and numbers", () => {
    const messages = { found: "{count, plural, one {# Bild} other {# Bilder}} von <0>{name}</0>" };
    const html = page("/de/", messages, <Trans id={id("found")} values={{ count: 1200, name: "Uta" }} components={{ 0: <b /> }} />);
    expect(html).toBe("1.200 Bilder von <b>Uta</b>");
  });
});
