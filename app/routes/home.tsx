/** `/`: the gallery layout (routes/gallery.tsx) is the whole page; no image is open. */
export default function Home() {
  return null;
}
