import type { Random } from "./random.ts";

/**
 * Generated artworks for the demo catalog, drawn as SVG (sharp renders them): each style
 * returns the picture and the words that describe it, so titles and tags fit what is shown.
 */
interface Artwork {
  svg: string;
  title: string;
  category: string;
  tags: string[];
}

export type Style = (w: number, h: number, rnd: Random) => Artwork;

/* ------------------------------------------------------------------ colours */

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: string, b: string, t: number): string {
  const [ca, cb] = [rgb(a), rgb(b)];
  return `#${ca.map((v, i) => Math.round(v + (cb[i]! - v) * t).toString(16).padStart(2, "0")).join("")}`;
}

const f = (n: number) => n.toFixed(1);

function svg(w: number, h: number, defs: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

function verticalGradient(id: string, stops: string[], opacities?: number[]): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops
    .map((c, i) => `<stop offset="${(i / (stops.length - 1)).toFixed(3)}" stop-color="${c}"${opacities ? ` stop-opacity="${opacities[i]}"` : ""}/>`)
    .join("")}</linearGradient>`;
}

function glow(id: string, color: string, opacity = 1): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;
}

/* -------------------------------------------------------------------- skies */

interface Sky {
  name: string;
  stops: string[];
  sun: string;
  /** Colour of the farthest land, close to the horizon's. */
  haze: string;
  /** Colour of the nearest land. */
  ground: string;
  night?: boolean;
}

const skies: Sky[] = [
  { name: "dawn", stops: ["#24305e", "#5d5fa8", "#e48fa0", "#ffd3a5"], sun: "#fff4d6", haze: "#d99aa8", ground: "#1c1b3a" },
  { name: "sunset", stops: ["#1b1447", "#6a2c70", "#e0565b", "#ffb24c"], sun: "#fff1c1", haze: "#c8546a", ground: "#1a0f2e" },
  { name: "golden hour", stops: ["#3a6ea5", "#93b7dc", "#f5d28a", "#fbae5c"], sun: "#fff8e1", haze: "#d8a877", ground: "#3b2a2a" },
  { name: "midday", stops: ["#1f6fbf", "#5ea7e6", "#b8dbf4", "#eef6fc"], sun: "#ffffff", haze: "#a9c7de", ground: "#1e3b4f" },
  { name: "dusk", stops: ["#0f1c40", "#3a3f78", "#a05b8b", "#f08b7f"], sun: "#ffe0c2", haze: "#7d5a8c", ground: "#120f26" },
  { name: "night", stops: ["#020617", "#0a1433", "#1c2955", "#33437c"], sun: "#f1f5ff", haze: "#2d3b6c", ground: "#040814", night: true },
  { name: "winter morning", stops: ["#0c3c5a", "#2f7f9c", "#a9d2e6", "#eef6fa"], sun: "#ffffff", haze: "#9cc3d6", ground: "#123047" },
];

/* ------------------------------------------------------------- ridge lines */

/** Heights along a ridge by midpoint displacement: 2^levels + 1 points in [0, 1]. */
function ridge(rnd: Random, levels: number, roughness: number): number[] {
  const n = 2 ** levels;
  const y = new Array<number>(n + 1).fill(0);
  y[0] = rnd();
  y[n] = rnd();
  let amplitude = 1;
  for (let step = n; step > 1; step /= 2) {
    for (let i = step / 2; i < n; i += step) y[i] = (y[i - step / 2]! + y[i + step / 2]!) / 2 + (rnd() - 0.5) * amplitude;
    amplitude *= roughness;
  }
  const [min, max] = [Math.min(...y), Math.max(...y)];
  return y.map((v) => (v - min) / (max - min || 1));
}

/** A filled land shape whose top follows `heights`, between `top` and `bottom` (pixels). */
function landPath(w: number, h: number, heights: number[], top: number, bottom: number, smooth: boolean): string {
  const pts = heights.map((v, i) => [(i / (heights.length - 1)) * w, bottom - v * (bottom - top)] as const);
  let d = `M0 ${h} L${f(pts[0]![0])} ${f(pts[0]![1])}`;
  if (smooth) {
    for (let i = 1; i < pts.length; i++) {
      const [x0, y0] = pts[i - 1]!;
      const [x1, y1] = pts[i]!;
      const mx = (x0 + x1) / 2;
      d += ` C${f(mx)} ${f(y0)} ${f(mx)} ${f(y1)} ${f(x1)} ${f(y1)}`;
    }
  } else {
    for (const [x, y] of pts.slice(1)) d += ` L${f(x)} ${f(y)}`;
  }
  return `${d} L${w} ${h} Z`;
}

function stars(w: number, h: number, rnd: Random, count: number, maxY: number): string {
  let out = "";
  for (let i = 0; i < count; i++) {
    const r = rnd() < 0.08 ? rnd.between(1.4, 2.2) : rnd.between(0.5, 1.3);
    out += `<circle cx="${f(rnd() * w)}" cy="${f(rnd() * maxY)}" r="${f((r * w) / 1600)}" fill="#fff" opacity="${rnd.between(0.3, 0.95).toFixed(2)}"/>`;
  }
  return out;
}

/** Sky, sun (or moon) with its glow, and stars at night. */
function skyLayer(w: number, h: number, rnd: Random, sky: Sky, sunX: number, sunY: number, sunR: number): { defs: string; body: string } {
  const defs = verticalGradient("sky", sky.stops) + glow("sunglow", sky.sun, sky.night ? 0.35 : 0.75);
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  if (sky.night) body += stars(w, h, rnd, Math.round((w * h) / 9000), h * 0.7);
  body += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR * 5)}" fill="url(#sunglow)"/>`;
  body += `<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(sunR)}" fill="${sky.sun}" opacity="${sky.night ? 0.9 : 0.95}"/>`;
  return { defs, body };
}

/* ------------------------------------------------------------------- styles */

const mountains: Style = (w, h, rnd) => {
  const sky = rnd.pick(skies);
  const layers = rnd.int(4, 6);
  const sunR = Math.min(w, h) * rnd.between(0.04, 0.07);
  const { defs, body: skyBody } = skyLayer(w, h, rnd, sky, w * rnd.between(0.2, 0.8), h * rnd.between(0.25, 0.45), sunR);
  let body = skyBody;
  const mist = verticalGradient("mist", [sky.haze, sky.haze, sky.haze], [0, 0.5, 0]);
  for (let i = 0; i < layers; i++) {
    const t = (i + 1) / layers;
    const top = h * (0.3 + 0.1 * i * (4 / layers) + rnd.between(-0.03, 0.03));
    const bottom = top + h * rnd.between(0.18, 0.3) * (1 - t * 0.3);
    const color = mix(sky.haze, sky.ground, Math.pow(t, 0.8));
    body += `<path d="${landPath(w, h, ridge(rnd, 7, rnd.between(0.5, 0.62)), top, bottom, false)}" fill="${color}"/>`;
    if (i < layers - 1) body += `<rect x="0" y="${f(bottom - h * 0.12)}" width="${w}" height="${f(h * 0.16)}" fill="url(#mist)"/>`;
  }
  const [adjective, noun] = [rnd.pick(["Misty", "Quiet", "Distant", "Layered", "Silent", "Blue", "Folded", "Endless"]), rnd.pick(["Ridges", "Peaks", "Mountains", "Ranges", "Summits", "Highlands"])];
  return {
    svg: svg(w, h, defs + mist, body),
    title: `${adjective} ${noun} at ${sky.night ? "Night" : sky.name.replace(/\b\w/g, (c) => c.toUpperCase())}`,
    category: "Landscapes",
    tags: ["mountains", "landscape", sky.name, "nature", sky.night ? "night sky" : "sky", rnd.pick(["hiking", "wilderness", "calm", "scenic"]), "layers"],
  };
};

const seaSunset: Style = (w, h, rnd) => {
  const sky = rnd.pick(skies.filter((s) => s.name !== "midday"));
  const horizon = h * rnd.between(0.52, 0.66);
  const sunR = Math.min(w, h) * rnd.between(0.06, 0.1);
  const sunX = w * rnd.between(0.3, 0.7);
  const { defs, body: skyBody } = skyLayer(w, h, rnd, sky, sunX, horizon - sunR * rnd.between(0.2, 1.2), sunR);
  const sea = [mix(sky.stops[3]!, sky.ground, 0.45), mix(sky.stops[1]!, sky.ground, 0.55), sky.ground];
  let body = `${skyBody}<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="url(#sea)"/>`;
  // The sun's path on the water: short bright strokes, thinning towards the viewer.
  for (let i = 0; i < 90; i++) {
    const t = rnd();
    const y = horizon + Math.pow(t, 1.6) * (h - horizon);
    const spread = sunR * (0.8 + t * 2.5);
    const len = rnd.between(0.2, 1) * spread;
    body += `<rect x="${f(sunX + rnd.between(-spread, spread) - len / 2)}" y="${f(y)}" width="${f(len)}" height="${f(1 + t * (h / 400))}" fill="${sky.sun}" opacity="${(0.75 * (1 - t * 0.7) * rnd.between(0.4, 1)).toFixed(2)}"/>`;
  }
  for (let i = 0; i < 40; i++) {
    const t = rnd();
    const y = horizon + Math.pow(t, 1.4) * (h - horizon);
    body += `<rect x="${f(rnd() * w)}" y="${f(y)}" width="${f(rnd.between(20, 120) * (w / 1600) * (0.5 + t))}" height="${f(1 + t * 2)}" fill="#ffffff" opacity="${(0.08 + 0.1 * rnd()).toFixed(2)}"/>`;
  }
  if (rnd.chance(0.5)) {
    const side = rnd.chance(0.5);
    const heights = ridge(rnd, 5, 0.55).map((v, i, all) => v * (side ? i / all.length : 1 - i / all.length));
    body += `<path d="${landPath(w, horizon + 1, heights, horizon - h * 0.12, horizon + 1, true)}" fill="${mix(sky.haze, sky.ground, 0.6)}"/>`;
  }
  return {
    svg: svg(w, h, defs + verticalGradient("sea", sea), body),
    title: `${rnd.pick(["Ocean", "Sea", "Harbour", "Coastal", "Open Water", "Tidal"])} ${sky.night ? "Moonrise" : rnd.pick(["Sunset", "Glow", "Horizon", "Light"])}${rnd.chance(0.4) ? ` ${rnd.pick(["I", "II", "III"])}` : ""}`,
    category: "Ocean",
    tags: ["ocean", "sea", sky.night ? "moon" : "sunset", "horizon", "reflection", sky.name, rnd.pick(["travel", "summer", "calm", "coast"])],
  };
};

const palettes = [
  { name: "sunrise", colors: ["#ff9a8b", "#ff6a88", "#ff99ac", "#fcd5a5", "#f6a5c0"] },
  { name: "ocean", colors: ["#0f4c81", "#1fa2c4", "#66d3e4", "#a1f0e8", "#163a5f"] },
  { name: "citrus", colors: ["#ffbe0b", "#fb5607", "#ffd166", "#f77f00", "#fcbf49"] },
  { name: "violet", colors: ["#7209b7", "#b5179e", "#4361ee", "#f72585", "#3a0ca3"] },
  { name: "forest", colors: ["#2d6a4f", "#74c69d", "#b7e4c7", "#40916c", "#1b4332"] },
  { name: "pastel", colors: ["#cdb4db", "#ffc8dd", "#bde0fe", "#a2d2ff", "#ffafcc"] },
  { name: "ember", colors: ["#370617", "#9d0208", "#dc2f02", "#f48c06", "#ffba08"] },
  { name: "mint", colors: ["#e0fbfc", "#98c1d9", "#3d5a80", "#9ef0d0", "#ee6c4d"] },
];

const meshGradient: Style = (w, h, rnd) => {
  const palette = rnd.pick(palettes);
  const colors = rnd.sample(palette.colors, 5);
  let defs = "";
  let body = `<rect width="${w}" height="${h}" fill="${colors[0]}"/>`;
  const blobs = rnd.int(5, 8);
  for (let i = 0; i < blobs; i++) {
    const color = colors[(i % 4) + 1]!;
    defs += glow(`b${i}`, color, rnd.between(0.75, 1));
    const r = Math.max(w, h) * rnd.between(0.25, 0.55);
    body += `<ellipse cx="${f(rnd() * w)}" cy="${f(rnd() * h)}" rx="${f(r)}" ry="${f(r * rnd.between(0.6, 1.2))}" fill="url(#b${i})"/>`;
  }
  return {
    svg: svg(w, h, defs, body),
    title: `${rnd.pick(["Soft", "Liquid", "Dreamy", "Gentle", "Velvet", "Hazy"])} ${palette.name.replace(/^\w/, (c) => c.toUpperCase())} ${rnd.pick(["Gradient", "Blend", "Glow", "Haze", "Wash"])}`,
    category: "Abstract",
    tags: ["gradient", "abstract", "background", "wallpaper", palette.name, rnd.pick(["minimal", "soft", "colorful", "dreamy"]), "blur"],
  };
};

const geometric: Style = (w, h, rnd) => {
  const palette = rnd.pick(palettes);
  const cols = rnd.int(4, 7);
  const size = w / cols;
  const rows = Math.ceil(h / size);
  let body = "";
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const [bg, fg] = rnd.sample(palette.colors, 2) as [string, string];
      const x = col * size;
      const y = row * size;
      body += `<rect x="${f(x)}" y="${f(y)}" width="${f(size + 1)}" height="${f(size + 1)}" fill="${bg}"/>`;
      const shape = rnd.int(0, 5);
      const corner = rnd.int(0, 3);
      const cx = x + (corner & 1 ? size : 0);
      const cy = y + (corner & 2 ? size : 0);
      if (shape === 0) body += `<path d="M${f(cx)} ${f(cy)} L${f(x + (corner & 1 ? 0 : size))} ${f(cy)} A${f(size)} ${f(size)} 0 0 ${corner === 1 || corner === 2 ? 0 : 1} ${f(cx)} ${f(y + (corner & 2 ? 0 : size))} Z" fill="${fg}"/>`;
      else if (shape === 1) body += `<circle cx="${f(x + size / 2)}" cy="${f(y + size / 2)}" r="${f(size * 0.36)}" fill="${fg}"/>`;
      else if (shape === 2) body += `<path d="M${f(x)} ${f(y + size)} L${f(x + size)} ${f(y)} L${f(x + size)} ${f(y + size)} Z" fill="${fg}" transform="rotate(${corner * 90} ${f(x + size / 2)} ${f(y + size / 2)})"/>`;
      else if (shape === 3) body += `<rect x="${f(x + size * 0.2)}" y="${f(y + size * 0.2)}" width="${f(size * 0.6)}" height="${f(size * 0.6)}" fill="${fg}"/>`;
      else if (shape === 4) body += `<path d="M${f(x)} ${f(y + size / 2)} A${f(size / 2)} ${f(size / 2)} 0 0 1 ${f(x + size)} ${f(y + size / 2)} Z" fill="${fg}" transform="rotate(${corner * 90} ${f(x + size / 2)} ${f(y + size / 2)})"/>`;
      else body += `<circle cx="${f(x + size / 2)}" cy="${f(y + size / 2)}" r="${f(size * 0.4)}" fill="none" stroke="${fg}" stroke-width="${f(size * 0.12)}"/>`;
    }
  }
  return {
    svg: svg(w, h, "", body),
    title: `${rnd.pick(["Bauhaus", "Modular", "Tiled", "Grid", "Mosaic", "Block"])} ${rnd.pick(["Study", "Pattern", "Composition", "Rhythm", "Play"])} in ${palette.name.replace(/^\w/, (c) => c.toUpperCase())}`,
    category: "Patterns",
    tags: ["geometric", "pattern", "shapes", palette.name, rnd.pick(["bauhaus", "modern", "retro", "mid-century"]), "design", "tiles"],
  };
};

const waves: Style = (w, h, rnd) => {
  const palette = rnd.pick(palettes);
  const [light, dark] = rnd.sample(palette.colors, 2) as [string, string];
  const bands = rnd.int(6, 10);
  let body = `<rect width="${w}" height="${h}" fill="${mix(light, "#ffffff", 0.5)}"/>`;
  const k1 = rnd.between(1, 2.5);
  const k2 = rnd.between(2.5, 5);
  for (let i = 0; i < bands; i++) {
    const t = i / (bands - 1);
    const base = h * (0.12 + 0.85 * t);
    const amp = h * rnd.between(0.02, 0.06);
    const phase = rnd() * Math.PI * 2;
    let d = `M0 ${h}`;
    for (let s = 0; s <= 64; s++) {
      const x = (s / 64) * w;
      const y = base + amp * Math.sin((x / w) * Math.PI * 2 * k1 + phase) + amp * 0.4 * Math.sin((x / w) * Math.PI * 2 * k2 + phase * 2);
      d += ` L${f(x)} ${f(y)}`;
    }
    body += `<path d="${d} L${w} ${h} Z" fill="${mix(light, dark, t)}"/>`;
  }
  return {
    svg: svg(w, h, "", body),
    title: `${rnd.pick(["Rolling", "Layered", "Gentle", "Flowing", "Drifting", "Quiet"])} ${rnd.pick(["Waves", "Tides", "Currents", "Swells", "Ripples"])}`,
    category: "Abstract",
    tags: ["waves", "abstract", "flow", palette.name, "layers", rnd.pick(["minimal", "calm", "water", "motion"]), "curves"],
  };
};

const bokeh: Style = (w, h, rnd) => {
  const palette = rnd.pick([
    { name: "golden", bg: ["#0b0b1e", "#1d1537"], lights: ["#ffd166", "#f8961e", "#ffb4a2", "#fff1c1"] },
    { name: "teal", bg: ["#021c1e", "#05383b"], lights: ["#90e0ef", "#48cae4", "#caf0f8", "#ade8f4"] },
    { name: "pink", bg: ["#1a0b1f", "#3b0f3f"], lights: ["#ff87ab", "#ffc6ff", "#ffafcc", "#ffd6e0"] },
    { name: "festive", bg: ["#0d0d0d", "#2b1a0b"], lights: ["#ff595e", "#ffca3a", "#8ac926", "#ffe066"] },
  ]);
  let defs = verticalGradient("bg", palette.bg);
  palette.lights.forEach((c, i) => {
    defs += `<radialGradient id="l${i}"><stop offset="0" stop-color="${c}" stop-opacity="0.55"/><stop offset="0.82" stop-color="${c}" stop-opacity="0.45"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
  });
  let body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  const count = rnd.int(45, 80);
  for (let i = 0; i < count; i++) {
    const r = Math.min(w, h) * (rnd.chance(0.25) ? rnd.between(0.08, 0.16) : rnd.between(0.015, 0.07));
    body += `<circle cx="${f(rnd() * w)}" cy="${f(h * (0.15 + 0.8 * rnd()))}" r="${f(r)}" fill="url(#l${rnd.int(0, palette.lights.length - 1)})" opacity="${rnd.between(0.35, 1).toFixed(2)}"/>`;
  }
  return {
    svg: svg(w, h, defs, body),
    title: `${rnd.pick(["City", "Evening", "Holiday", "Winter", "Night", "Soft"])} Lights in ${palette.name.replace(/^\w/, (c) => c.toUpperCase())}`,
    category: "Abstract",
    tags: ["bokeh", "lights", "night", "background", palette.name, rnd.pick(["festive", "celebration", "glow", "sparkle"]), "dark"],
  };
};

const hills: Style = (w, h, rnd) => {
  const land = rnd.pick([
    { name: "desert", colors: ["#f6bd60", "#e09f3e", "#c8553d", "#9e2a2b"], tags: ["desert", "dunes", "sand"] },
    { name: "meadow", colors: ["#b7e4c7", "#74c69d", "#40916c", "#1b4332"], tags: ["hills", "meadow", "green"] },
    { name: "autumn", colors: ["#f4d58d", "#d08c60", "#a0522d", "#5e3023"], tags: ["hills", "autumn", "fall"] },
  ]);
  const sky = rnd.pick(skies.filter((s) => !s.night));
  const { defs, body: skyBody } = skyLayer(w, h, rnd, sky, w * rnd.between(0.15, 0.85), h * rnd.between(0.2, 0.4), Math.min(w, h) * 0.06);
  let body = skyBody;
  const layers = land.colors.length;
  for (let i = 0; i < layers; i++) {
    const top = h * (0.45 + i * 0.1);
    body += `<path d="${landPath(w, h, ridge(rnd, 3, 0.5), top, top + h * 0.18, true)}" fill="${mix(land.colors[i]!, sky.haze, 0.25 * (1 - i / layers))}"/>`;
  }
  return {
    svg: svg(w, h, defs, body),
    title: `${land.name === "desert" ? rnd.pick(["Desert Dunes", "Sand Sea", "Dune Lines"]) : rnd.pick(["Rolling Hills", "Soft Hills", "Valley Curves"])} ${rnd.pick(["at ", "in "])}${sky.name.replace(/\b\w/g, (c) => c.toUpperCase())}`,
    category: "Landscapes",
    tags: [...land.tags, "landscape", sky.name, "minimal", rnd.pick(["warm", "peaceful", "countryside", "travel"])],
  };
};

const aurora: Style = (w, h, rnd) => {
  const hue = rnd.pick([
    { name: "green", colors: ["#3ef0a0", "#20c997"] },
    { name: "violet", colors: ["#b388ff", "#7c4dff"] },
    { name: "teal", colors: ["#64ffda", "#1de9b6"] },
  ]);
  let defs = verticalGradient("sky", ["#01030d", "#071233", "#0e2a47"]) + `<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${f(w / 90)}"/></filter>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h, rnd, Math.round((w * h) / 7000), h * 0.8)}`;
  let curtains = "";
  for (let i = 0; i < 3; i++) {
    defs += verticalGradient(`a${i}`, [hue.colors[i % 2]!, hue.colors[i % 2]!, hue.colors[1]!], [0, 0.65, 0]);
    const base = h * rnd.between(0.2, 0.45);
    const band = h * rnd.between(0.18, 0.3);
    const phase = rnd() * 6;
    const k = rnd.between(0.8, 1.8);
    let top = "";
    let bottom = "";
    for (let s = 0; s <= 40; s++) {
      const x = (s / 40) * w;
      const y = base + Math.sin((x / w) * Math.PI * 2 * k + phase) * h * 0.08;
      top += `${s ? " L" : "M"}${f(x)} ${f(y - band)}`;
      bottom = ` L${f(x)} ${f(y + band * 0.3)}` + bottom;
    }
    curtains += `<path d="${top}${bottom} Z" fill="url(#a${i})" opacity="${rnd.between(0.6, 0.95).toFixed(2)}"/>`;
  }
  body += `<g filter="url(#soft)">${curtains}</g>`;
  body += `<path d="${landPath(w, h, ridge(rnd, 6, 0.55), h * 0.72, h * 0.9, false)}" fill="#02040a"/>`;
  return {
    svg: svg(w, h, defs, body),
    title: `${rnd.pick(["Northern", "Polar", "Arctic", "Midnight"])} ${rnd.pick(["Lights", "Aurora", "Glow", "Curtains"])}`,
    category: "Night Sky",
    tags: ["aurora", "northern lights", "night sky", "stars", hue.name, rnd.pick(["arctic", "winter", "space", "magic"]), "mountains"],
  };
};

const retroSun: Style = (w, h, rnd) => {
  const scheme = rnd.pick([
    { name: "synthwave", sky: ["#120136", "#35157a", "#b0307a", "#f76e8a"], sun: ["#ffe66d", "#ff6b9d"], grid: "#ff3fd1" },
    { name: "vaporwave", sky: ["#0d0221", "#261447", "#2de2e6", "#f6019d"], sun: ["#f9c80e", "#f86624"], grid: "#2de2e6" },
    { name: "outrun", sky: ["#000000", "#1a0933", "#5b0e6e", "#ff2a6d"], sun: ["#fef65b", "#ff2a6d"], grid: "#05d9e8" },
  ]);
  const horizon = h * rnd.between(0.58, 0.66);
  const r = Math.min(w, h) * rnd.between(0.2, 0.28);
  // Off centre by a random amount, with the road's vanishing point under it: same-scheme pictures
  // otherwise look alike enough for the importer's duplicate check.
  const cx = w * rnd.pick([rnd.between(0.22, 0.4), rnd.between(0.6, 0.78)]);
  const cy = horizon - r * rnd.between(0.1, 0.6);
  let defs = verticalGradient("sky", scheme.sky) + verticalGradient("sun", scheme.sun) + `<clipPath id="above"><rect width="${w}" height="${f(horizon)}"/></clipPath>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#sky)"/>${stars(w, h, rnd, 120, horizon * 0.6)}<g clip-path="url(#above)"><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#sun)"/>`;
  for (let i = 0; i < 6; i++) {
    const y = cy + r * (0.1 + i * 0.16);
    body += `<rect x="${f(cx - r)}" y="${f(y)}" width="${f(2 * r)}" height="${f(r * 0.025 * (i + 1))}" fill="${scheme.sky[2]}"/>`;
  }
  body += `</g><rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="#0a0014"/>`;
  defs += verticalGradient("fade", [scheme.grid, scheme.grid], [0.25, 0.9]);
  for (let i = -14; i <= 14; i++) body += `<line x1="${f(cx + i * w * 0.02)}" y1="${f(horizon)}" x2="${f(cx + i * w * 0.16)}" y2="${h}" stroke="url(#fade)" stroke-width="${f(w / 700)}"/>`;
  for (let i = 1; i < 12; i++) {
    const y = horizon + (h - horizon) * Math.pow(i / 11, 2.2);
    body += `<line x1="0" y1="${f(y)}" x2="${w}" y2="${f(y)}" stroke="${scheme.grid}" stroke-opacity="${(0.25 + 0.6 * (i / 11)).toFixed(2)}" stroke-width="${f(w / 700)}"/>`;
  }
  return {
    svg: svg(w, h, defs, body),
    title: `${rnd.pick(["Neon", "Retro", "Electric", "Midnight", "Chrome"])} ${rnd.pick(["Sunset", "Horizon", "Drive", "Dreams"])}`,
    category: "Digital Art",
    tags: ["synthwave", "retro", "neon", "80s", scheme.name, "sunset", rnd.pick(["grid", "futuristic", "music", "nostalgia"])],
  };
};

export const styles = { mountains, seaSunset, meshGradient, geometric, waves, bokeh, hills, aurora, retroSun } satisfies Record<string, Style>;
export type StyleName = keyof typeof styles;

/** An abstract square for a creator's avatar. */
export function avatarArt(rnd: Random): string {
  return meshGradient(256, 256, rnd).svg;
}
