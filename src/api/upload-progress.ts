// A fetch for ky that sends with XMLHttpRequest, the one browser API that reports upload progress over HTTP/1.1.

/** Bytes sent so far and in all. */
export type UploadProgress = (sent: number, total: number) => void;

/** Statuses whose response may not carry a body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

/**
 * ky's own onUploadProgress streams the body, which browsers allow only over HTTP/2 (and some not
 * at all); this keeps ky (its hooks: token refresh, the retry on 401) and swaps only the transport.
 * Network failures reject with a TypeError and aborts with an AbortError, as fetch does.
 */
export function fetchWithUploadProgress(onProgress: UploadProgress): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'GET' ? null : await request.arrayBuffer();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.responseType = 'arraybuffer';
      for (const [name, value] of request.headers) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      });
      xhr.addEventListener('load', () => {
        if (body) onProgress(body.byteLength, body.byteLength);
        resolve(
          new Response(NULL_BODY.has(xhr.status) ? null : (xhr.response as ArrayBuffer), {
            status: xhr.status,
            statusText: xhr.statusText,
            headers: responseHeaders(xhr.getAllResponseHeaders()),
          }),
        );
      });
      const aborted = () => reject(new DOMException('The request was aborted.', 'AbortError'));
      xhr.addEventListener('error', () => reject(new TypeError('Failed to fetch')));
      xhr.addEventListener('abort', aborted);
      if (request.signal.aborted) return aborted();
      // Rejects at once, as fetch does, whether or not the transport reports its abort.
      request.signal.addEventListener('abort', () => {
        xhr.abort();
        aborted();
      });
      xhr.send(body);
    });
  };
}
