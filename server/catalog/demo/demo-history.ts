import type { DemoItem } from "./demo-catalog.ts";
import { random, type Random } from "./random.ts";

/**
 * The demo catalog's past, so that insights have something to show on a fresh start: every
 * demo image's views, downloads and likes spread over the days since it was published, the
 * demo visitors' sign-ups, and 90 days of searches, some of which find nothing.
 *
 * The gallery's counters and the history agree exactly: an image's views and downloads are
 * the sum of its days, and each of its likes is a demo visitor's like row made on the day
 * that counts it, by a visitor who had signed up by then. Plausible, not real: a weekly
 * rhythm (weekdays busier), a site that grows, images most looked at when new, and noise.
 * Deterministic for the seed and the day it is made (the days are counted back from `now`).
 */

const DAY = 86_400_000;

/** Demo images are at most 540 days old (demo-catalog.ts); searches are logged for the last 90 days. */
const HISTORY_DAYS = 540;
const SEARCH_DAYS = 90;

/** Visitors who signed up in the month before the oldest demo image: more than any image's likes, so every like finds a visitor. */
const FOUNDING_VISITORS = 200;

/** The prefix of demo search visitors' keys (real keys are hashes, never with a colon): what a new seeding replaces. */
export const DEMO_SEARCH_VISITOR = "demo:";

/** Searches people make that the demo catalog cannot answer: what to generate next. */
const unanswered = [
  "business meeting", "cat", "dog", "coffee cup", "office team", "christmas", "handshake", "laptop on desk",
  "city skyline", "food flat lay", "doctor", "fitness", "cyberpunk street", "family dinner", "wedding", "rainy window",
];

interface DemoDay {
  sourceId: string;
  /** YYYY-MM-DD, UTC. */
  day: string;
  views: number;
  downloads: number;
  likes: number;
}

export interface DemoHistory {
  days: DemoDay[];
  /** Demo visitor `visitor` (1-based: 'demo-visitor-{n}') signed up at `at`. */
  visitors: Array<{ visitor: number; at: Date }>;
  /** Each like of an image, by whom and when. */
  likes: Array<{ sourceId: string; visitor: number; at: Date }>;
  searches: Array<{ query: string; results: number; at: Date; visitor: string }>;
}

const dayStart = (time: number) => Math.floor(time / DAY) * DAY;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Weekdays busier than weekends (images are found for work), by UTC weekday, Sunday first. */
const weekly = [0.62, 1.08, 1.14, 1.12, 1.1, 1.0, 0.68];

/** How busy the whole site was `daysAgo` days back: it grew about threefold over the history. */
const siteGrowth = (daysAgo: number) => 1 + 2 * (1 - daysAgo / HISTORY_DAYS) ** 1.5;

/** `total` split over slots in proportion to `weights`, in whole numbers that add up to `total`. */
function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => (total * w) / sum);
  const counts = shares.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const byRemainder = shares.map((s, i) => [s - Math.floor(s), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of byRemainder) {
    if (left-- <= 0) break;
    counts[i]!++;
  }
  return counts;
}

/** A moment of the day that starts at `day`, not before `from` and not after `now`. */
const momentOn = (day: number, now: number, rnd: Random, from = day) => new Date(from + rnd() * (Math.min(day + DAY, now) - from));

/** The days from `first`'s midnight to today's, each with how busy it was (today only so far). */
function daysSince(first: number, now: number): Array<{ day: number; weight: number }> {
  const today = dayStart(now);
  const days: Array<{ day: number; weight: number }> = [];
  for (let day = dayStart(first); day <= today; day += DAY) {
    const part = day === today ? (now - today) / DAY : 1;
    days.push({ day, weight: part * weekly[new Date(day).getUTCDay()]! * siteGrowth((today - day) / DAY) });
  }
  return days;
}

/** How many of `sorted` are at most `value`. */
function countUpTo(sorted: number[], value: number): number {
  let [low, high] = [0, sorted.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** When each demo visitor signed up: the founders, then a few a day, more as the site grew. */
function visitorSignUps(now: number): Array<{ visitor: number; at: Date }> {
  const rnd = random(1, 9_000_001); // the same for every seed: visitors are shared by every demo seeding
  const start = dayStart(now) - HISTORY_DAYS * DAY;
  const at: number[] = Array.from({ length: FOUNDING_VISITORS }, () => start - rnd() * 30 * DAY).sort((a, b) => a - b);
  for (const { day, weight } of daysSince(start, now)) {
    const count = Math.round(weight * rnd.between(0.5, 1.5));
    for (let i = 0; i < count; i++) at.push(momentOn(day, now, rnd).getTime());
  }
  return at.sort((a, b) => a - b).map((time, i) => ({ visitor: i + 1, at: new Date(time) }));
}

/**
 * The history of `added` (the demo images being added now), the visitors' sign-ups, and the
 * searches of the last 90 days over `catalog` (every image of the seeding, for result counts).
 */
export function demoHistory(added: DemoItem[], catalog: DemoItem[], seed: number, now = Date.now()): DemoHistory {
  const visitors = visitorSignUps(now);
  const signUps = visitors.map((v) => v.at.getTime());
  const history: DemoHistory = { days: [], visitors, likes: [], searches: [] };

  for (const item of added) {
    const rnd = random(seed, Number(item.sourceId.split("-").at(-1)), 11);
    const published = item.createdAt!.getTime();
    const days = daysSince(published, now).map(({ day, weight }) => ({
      day,
      // New images are looked at most; then the site's growth and the week carry them.
      weight: weight * (1 + 3 * Math.exp(-(day - dayStart(published)) / DAY / 21)) * rnd.between(0.6, 1.4),
    }));
    const weights = days.map((d) => d.weight);
    const views = apportion(item.views!, weights);
    const downloads = apportion(item.downloads!, weights);
    const likes = apportion(item.likes, weights);
    const likedBy = new Set<number>();
    days.forEach(({ day }, i) => {
      if (views[i]! + downloads[i]! + likes[i]! > 0) {
        history.days.push({ sourceId: item.sourceId, day: isoDay(day), views: views[i]!, downloads: downloads[i]!, likes: likes[i]! });
      }
      for (let n = 0; n < likes[i]!; n++) {
        const at = momentOn(day, now, rnd, Math.max(day, published));
        // Someone who had signed up by then and does not like it yet (the founders always suffice).
        const signedUp = countUpTo(signUps, at.getTime());
        let visitor = rnd.int(1, signedUp);
        while (likedBy.has(visitor)) visitor = (visitor % signedUp) + 1;
        likedBy.add(visitor);
        history.likes.push({ sourceId: item.sourceId, visitor, at });
      }
    });
  }

  if (added.length > 0) history.searches = demoSearches(catalog, seed, now);
  return history;
}

/** 90 days of searches: mostly words the catalog answers, popular ones often, and some it cannot. */
function demoSearches(catalog: DemoItem[], seed: number, now: number): DemoHistory["searches"] {
  const rnd = random(seed, 9_000_002);
  const texts = catalog.map((item) => [item.title, item.creator, ...item.tags!].join(" ").toLowerCase());
  const answered = [...new Set(catalog.flatMap((item) => item.tags!.map((tag) => tag.toLowerCase())))].sort();
  // A few favourites: every tag in a shuffled order, picked with a strong lean to the front.
  const favourites = rnd.sample(answered, answered.length);
  const searches: DemoHistory["searches"] = [];
  for (const { day, weight } of daysSince(now - (SEARCH_DAYS - 1) * DAY, now)) {
    const count = Math.round(weight * rnd.between(10, 16));
    const people = Math.max(1, Math.round(count * 0.6));
    for (let i = 0; i < count; i++) {
      const query = rnd.chance(0.2) ? unanswered[Math.floor(unanswered.length * rnd() ** 2)]! : favourites[Math.floor(favourites.length * rnd() ** 2.5)]!;
      searches.push({
        query,
        results: texts.filter((text) => text.includes(query)).length,
        at: momentOn(day, now, rnd),
        visitor: `${DEMO_SEARCH_VISITOR}${isoDay(day)}:${rnd.int(1, people)}`,
      });
    }
  }
  return searches;
}
