import type { CollectionChange, CollectionImageState, CollectionInput, CollectionList, CollectionSummary } from "#contracts/collections";
import { api, queryString } from "~/lib/api";

/** The viewer's collections; with `imageId`, each says whether it holds that image. */
export function myCollections(imageId?: number): Promise<CollectionList> {
  return api<CollectionList>(`/api/collections${queryString({ image: imageId })}`);
}

export function createCollection(input: CollectionInput): Promise<CollectionSummary> {
  return api<CollectionSummary>("/api/collections", { method: "POST", json: input });
}

export function changeCollection(id: number, change: CollectionChange): Promise<CollectionSummary> {
  return api<CollectionSummary>(`/api/collections/${id}`, { method: "PATCH", json: change });
}

export function deleteCollection(id: number): Promise<unknown> {
  return api(`/api/collections/${id}`, { method: "DELETE" });
}

export function saveInCollection(id: number, imageId: number, saved: boolean): Promise<CollectionImageState> {
  return api<CollectionImageState>(`/api/collections/${id}/images/${imageId}`, { method: saved ? "PUT" : "DELETE" });
}

/** The ZIP of every image of the collection (the server sends a browser without a session to sign in). */
export function collectionDownloadUrl(id: number): string {
  return `/api/collections/${id}/download`;
}
