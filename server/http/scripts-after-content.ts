/** A module preload as React Router's `<Scripts />` writes it (React hoists it into <head>). */
const MODULE_PRELOAD = /<link rel="modulepreload" href="\/assets\/[\w.-]+\.js"(?: nonce="[^"]*")?\/>/g;

/**
 * Lets a page's content have the connection before its scripts (decision 045). React Router
 * preloads every script a page needs from <head>, so on a slow phone the 100 KB of React and the
 * app shared the first second with the HTML, the first images and the font, and the browser
 * painted the grid once the scripts had arrived as well. Without those preloads the scripts are
 * asked for where React Router's module script imports them, after the page's content; the
 * page works before it hydrates (every card, filter and button is a link or a form), and the
 * module script's imports then bring the rest of the app.
 */
export function scriptsAfterContent(html: string): string {
  return html.replace(MODULE_PRELOAD, "");
}
