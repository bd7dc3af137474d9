import { UPLOAD_FIELDS_HEADER, UPLOADS_PATH, type UploadInput, type UploadStatus } from "#contracts/studio";
import { ApiError } from "~/lib/api";

/**
 * Sends one file to POST /api/uploads with XMLHttpRequest, whose upload progress events say how
 * much has gone (fetch has none); `onProgress` gets 0..1. Rejects with the API's ApiError.
 */
export function sendFile(file: File, fields: Omit<UploadInput, "fileName">, onProgress: (sent: number) => void): Promise<UploadStatus> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", UPLOADS_PATH);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.setRequestHeader(UPLOAD_FIELDS_HEADER, encodeURIComponent(JSON.stringify({ ...fields, fileName: file.name })));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: answered below as a server error
      }
      if (xhr.status === 202) return resolve(body as UploadStatus);
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error;
      reject(new ApiError(xhr.status, error?.code ?? "HTTP", error?.message ?? "Something went wrong on our side. Please try again."));
    };
    xhr.onerror = () => reject(new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again."));
    xhr.send(file);
  });
}
