/** The body of an upload (`POST /uploadfiles/{param}`) as a browser sends it, for the API tests. */
import { randomUUID } from 'node:crypto';

/** A multipart body with one `file` part; `filenameStar` sends the name RFC 5987-encoded (control characters included). */
export function multipart(filename: string, content: Buffer, options: { filenameStar?: boolean; contentType?: string } = {}) {
  const boundary = `----portales${randomUUID()}`;
  const disposition = options.filenameStar ? `filename*=UTF-8''${encodeURIComponent(filename)}` : `filename="${filename}"`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
