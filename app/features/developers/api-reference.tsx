// First: Scalar's browser build bundles its own Zod, which reads the same global settings as ours
// (Zod keeps them on globalThis); set before it loads, it never probes `new Function`, which the
// page's Content-Security-Policy forbids. Without it the probe's violation came at random moments.
import "#contracts/zod-config";
import { useEffect, useRef } from "react";
import { API_REFERENCE_RENDERER_PATH, OPENAPI_DOCUMENT_PATH } from "#contracts/developers-paths";

/** What Scalar's browser build exports (its `createApiReference`), as far as this page uses it. */
interface ScalarBrowserBuild {
  createApiReference(element: HTMLElement, configuration: Record<string, unknown>): { destroy(): void };
}

/**
 * The API reference, rendered by Scalar from /api/openapi.json. Its renderer is Scalar's own
 * browser build, sent by this site (server/http/api-reference-renderer.ts) and loaded by this
 * page alone when it shows; nothing is fetched from elsewhere: no web fonts, no telemetry, no
 * hosted API client, no AI agent. Scalar writes its styles as `<style>` elements, which /developers' policy
 * allows (decision 010).
 */
export default function ApiReference() {
  const target = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let reference: { destroy(): void } | undefined;
    let gone = false;
    void (import(/* @vite-ignore */ `${API_REFERENCE_RENDERER_PATH}/standalone.esm.js`) as Promise<ScalarBrowserBuild>).then(({ createApiReference }) => {
      if (gone || !target.current) return;
      reference = createApiReference(target.current, {
        url: OPENAPI_DOCUMENT_PATH,
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        documentDownloadType: "json",
        defaultOpenAllTags: true,
        mcp: { disabled: true },
        agent: { disabled: true },
      });
    });
    return () => {
      gone = true;
      reference?.destroy();
    };
  }, []);
  // Its words are the API's own (the OpenAPI document, in English): not for translating.
  return <div ref={target} translate="no" />;
}
