/**
 * File upload with progress (POST /uploadfiles/{param}, multipart): fetch cannot report upload
 * progress, so this one call uses XMLHttpRequest.
 */
import { networkError, toHttpError, type ApiErrorBody } from './errors';
import { apiUrl, applySessionHeaders, authorizationHeader, DEFAULT_TIMEOUT_MS } from './httpClient';

export type UploadProgress = (percent: number) => void;

/** The server's answer (server/files/upload.ts, spec 'Uploaded file response'): paths are served by GET /api/v1/files/{id}. */
export interface UploadedFile {
  fileID: string;
  filePath: string;
  isImage: boolean;
  name: string;
  thumbnail: string | null;
  fileBigImage: string | null;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
}

/** `param` is appended as the spec writes it (e.g. `elementType=banner`); the file goes in the `file` part. */
export function uploadFile<T = UploadedFile>(param: string, file: Blob, onProgress?: UploadProgress): Promise<T> {
  return uploadTo<T>(`/uploadfiles/${param}`, file, onProgress);
}

/**
 * Uploads `file` (the `file` part) to any upload path under /api/v1 (e.g. the public wizard's /newsite/uploadfiles/),
 * with `headers` besides the session's (the wizard's upload session).
 */
export function uploadTo<T = UploadedFile>(path: string, file: Blob, onProgress?: UploadProgress, headers: Record<string, string> = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', apiUrl(path));
    request.timeout = DEFAULT_TIMEOUT_MS;
    for (const [name, value] of Object.entries({ ...headers, ...authorizationHeader() })) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      const ok = request.status >= 200 && request.status < 300;
      applySessionHeaders((name) => request.getResponseHeader(name), ok);
      const body = parse(request.responseText);
      if (ok) {
        onProgress?.(100);
        resolve(body as T);
      } else reject(toHttpError(request.status, body as ApiErrorBody));
    };
    request.onerror = () => reject(networkError());
    request.ontimeout = () => reject(networkError());
    const form = new FormData();
    form.append('file', file, (file as File).name ?? 'archivo');
    request.send(form);
  });
}
