/**
 * Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is
 * written as an .eml file under DATA_DIR/mail and its subject logged.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  mailDir: string;
  log: (line: string) => void;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.mailDir, { recursive: true });
      const file = path.join(options.mailDir, `${Date.now()}-${Math.random().toString(36).slice(2, 8)}.eml`);
      // Written aside then renamed: whoever reads the folder (a person, a test) never sees half a message.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      options.log(`correo guardado en ${file}: ${message.subject}`);
    },
  };
}
