// A real SMTP server on a free local port, standing in for the deployment's mail server in tests.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The whole message as sent: a mail with attachments is read from here. */
  raw: string;
};

export type SmtpStandIn = {
  /** The SMTP_URL that reaches it. */
  url: string;
  received: ReceivedMail[];
  /** Refuses every recipient from now on, as a mail server that rejects the mail. */
  refuseAll: () => void;
  close: () => Promise<void>;
};

const latin1ToUtf8 = (text: string) => Buffer.from(text, 'latin1').toString('utf8');
const unquote = (text: string) =>
  latin1ToUtf8(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
  );

/** A plain-text mail's subject and body as the reader sees them (RFC 2047 words, quoted-printable or base64). */
function decode(data: string): { from: string; subject: string; text: string } {
  const split = data.search(/\r?\n\r?\n/);
  const head = data.slice(0, split).replace(/\r?\n[ \t]/g, ' ');
  const body = data.slice(split).trim();
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1] ?? '';
  const subject = header('Subject')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, word: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : unquote(word.replace(/_/g, ' ')),
    );
  const encoding = header('Content-Transfer-Encoding').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? unquote(body)
        : latin1ToUtf8(body);
  return { from: header('From'), subject, text: text.replace(/\r\n/g, '\n') };
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('latin1');
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...decode(data), raw: data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseAll: () => {
      server.onRcptTo = (_address, _session, done) => done(new Error('Mailbox unavailable'));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
