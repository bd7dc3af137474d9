import type { ChangeFeed } from "../db/change-feed.ts";
import type { MediaRepository } from "./media-repository.ts";

/**
 * Which variant files belong to images that moderation hid, for the media route to refuse
 * (keys are content-addressed, so a key says nothing of its image). Hidden images are few,
 * so the whole set is read at once (images_hidden_idx) and kept in this instance until the
 * database announces a change of catalog content (catalog_changed, server/db/change-feed.ts):
 * a hide or a restore is heard within milliseconds on every instance. While the feed is not
 * live (PostgreSQL away), the set kept before is used as it was, or when none was, every check
 * reads the set again; it is read anew once the feed is live (as kept pages, decision 033).
 */
export interface HiddenMedia {
  isHidden(key: string): Promise<boolean>;
}

export function createHiddenMedia(deps: { repository: Pick<MediaRepository, "hiddenVariantKeys">; changes: ChangeFeed | undefined }): HiddenMedia {
  const { repository, changes } = deps;
  let kept: Promise<Set<string>> | undefined;
  const load = () => repository.hiddenVariantKeys().then((keys) => new Set(keys));
  changes?.subscribe((payload) => {
    // (Lost: the set stays, as no one can hide or restore meanwhile; it is read anew when the feed is live again.)
    if (payload !== "counts" && !(payload === null && !changes.live)) kept = undefined;
  });
  const keptSet = (): Promise<Set<string>> => {
    if (kept) return kept;
    const value = load();
    kept = value;
    value.catch(() => {
      if (kept === value) kept = undefined;
    });
    return value;
  };
  return {
    async isHidden(key) {
      return (await (changes?.live === true ? keptSet() : (kept ?? load()))).has(key);
    },
  };
}
