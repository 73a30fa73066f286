/** The body of an upload (`POST /uploadfiles/{param}`) as a browser sends it, for the API tests. */
import { randomUUID } from 'node:crypto';

/**
 * A multipart body with one `file` part; `filenameStar` sends the name RFC 5987-encoded (control characters included).
 * `fieldName` names the part otherwise, `secondFile` adds a second file part after it (both refused by the server).
 */
export function multipart(
  filename: string,
  content: Buffer,
  options: { filenameStar?: boolean; contentType?: string; fieldName?: string; secondFile?: boolean } = {},
) {
  const boundary = `----portales${randomUUID()}`;
  const disposition = options.filenameStar ? `filename*=UTF-8''${encodeURIComponent(filename)}` : `filename="${filename}"`;
  const part = (name: string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; ${disposition}\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    ]);
  const payload = Buffer.concat([
    part(options.fieldName ?? 'file'),
    ...(options.secondFile ? [part('file')] : []),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
