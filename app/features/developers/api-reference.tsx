// First: Scalar builds Zod schemas (the same Zod as ours) as it loads; they must not probe `new Function`.
import "#contracts/zod-config";
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

/**
 * The API reference, rendered by Scalar from /api/openapi.json. Loaded lazily by /developers
 * alone (it weighs more than the rest of the app); nothing is fetched from elsewhere: no web
 * fonts, no telemetry, no hosted API client.
 */
export default function ApiReference() {
  return (
    <ApiReferenceReact
      configuration={{
        url: "/api/openapi.json",
        withDefaultFonts: false,
        telemetry: false,
        hideClientButton: true,
        showDeveloperTools: "never",
        documentDownloadType: "json",
        defaultOpenAllTags: true,
        mcp: { disabled: true },
      }}
    />
  );
}
