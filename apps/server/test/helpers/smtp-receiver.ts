import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback: mail leaves the app over the network exactly as in production.
 * `port` starts it again where an earlier one listened; what it receives goes to `received`
 * when given (the earlier one's list, so that a test counts every message once).
 */
export async function startSmtpReceiver(
  options: { port?: number; received?: ReceivedMail[] } = {},
): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = options.received ?? [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface MimePart {
  contentType: string;
  body: string;
}

function decode(body: string, encoding: string): string {
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The leaf parts of a multipart message, decoded; enough MIME to check what a mail client would show. */
export function mimeParts(raw: string): MimePart[] {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\r\n\r\n');
  const header = (name: string) =>
    new RegExp(`^${name}:\\s*([^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*)`, 'im')
      .exec(head)?.[1]
      ?.replace(/\r?\n[ \t]+/g, ' ') ?? '';
  const contentType = header('Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) {
    return [
      {
        contentType: contentType.split(';')[0]?.trim() ?? '',
        body: decode(body, header('Content-Transfer-Encoding').trim()),
      },
    ];
  }
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => mimeParts(part.replace(/^\r?\n/, '')));
}
