export default function Home() {
  return <h1>Stockroom</h1>;
}
