/** Where the API's description and the renderer that draws it on /developers are served; without Zod, for the page's bundle. */
export const OPENAPI_DOCUMENT_PATH = "/api/openapi.json";
export const API_REFERENCE_RENDERER_PATH = "/vendor/scalar";
