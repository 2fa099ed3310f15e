// How an image file reaches `POST file/v1/upload`: a multipart request with real upload progress.
// XMLHttpRequest (available in dedicated and shared workers) is the one API with upload progress;
// tests and Node pass their own transport.

/** One upload request. */
export interface UploadRequest {
  readonly url: string;
  /** `Bearer <access token>`. */
  readonly authorization: string;
  readonly file: Blob;
  readonly filename: string;
  readonly signal: AbortSignal;
  /** Bytes sent so far of `total`. */
  onProgress(loaded: number, total: number): void;
}

/** The HTTP answer: status 0 when the server could not be reached. `body` is the parsed JSON, if any. */
export interface UploadResponse {
  readonly status: number;
  readonly body: unknown;
}

/** Sends one upload; rejects with an `AbortError` DOMException when `signal` aborts. */
export type UploadTransport = (
  request: UploadRequest,
) => Promise<UploadResponse>;

function abortError(): DOMException {
  return new DOMException("The upload was cancelled", "AbortError");
}

/** The browser transport: XMLHttpRequest with `upload.onprogress`. */
export const xhrUploadTransport: UploadTransport = (request) =>
  new Promise((resolve, reject) => {
    if (request.signal.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", request.url);
    xhr.setRequestHeader("Authorization", request.authorization);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      request.onProgress(
        event.loaded,
        event.lengthComputable ? event.total : request.file.size,
      );
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => {
      resolve({ status: 0, body: undefined });
    };
    xhr.onabort = () => {
      reject(abortError());
    };
    request.signal.addEventListener("abort", () => {
      xhr.abort();
    });
    const form = new FormData();
    form.append("file", request.file, request.filename);
    xhr.send(form);
  });

/**
 * A transport on `fetch` (no progress events before the end): for Node, where there is no
 * XMLHttpRequest. Progress is reported once, when the body has been sent.
 */
export function fetchUploadTransport(
  fetchImpl: typeof fetch = fetch,
): UploadTransport {
  return async (request) => {
    const form = new FormData();
    form.append("file", request.file, request.filename);
    let response: Response;
    try {
      response = await fetchImpl(request.url, {
        method: "POST",
        headers: {
          Authorization: request.authorization,
          Accept: "application/json",
        },
        body: form,
        signal: request.signal,
      });
    } catch {
      if (request.signal.aborted) throw abortError();
      return { status: 0, body: undefined };
    }
    request.onProgress(request.file.size, request.file.size);
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  };
}
