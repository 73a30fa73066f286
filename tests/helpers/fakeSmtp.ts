/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server): it accepts every message unless told to answer the
 * next ones with an error code (421 temporary, 550 permanent…), and keeps what it accepted.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtp {
  url: string;
  /** Messages accepted, in order: recipients and raw source. */
  delivered: Array<{ to: string[]; raw: string }>;
  /** The next `count` messages (default 1) are refused at RCPT TO with `code` (e.g. 421, 550). */
  refuseNext(code: number, count?: number): void;
  /** Stops refusing. */
  acceptAll(): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const refusals: number[] = [];
  const delivered: FakeSmtp['delivered'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      const code = refusals.shift();
      if (code === undefined) return callback();
      const text = code < 500 ? `${code} 4.3.2 Servicio no disponible por ahora` : `${code} 5.1.1 Buzón inexistente`;
      return callback(Object.assign(new Error(text), { responseCode: code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    delivered,
    refuseNext(code, count = 1) {
      for (let i = 0; i < count; i += 1) refusals.push(code);
    },
    acceptAll() {
      refusals.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
