// Test helpers for the RADIUS service's tests: a real client (radclient, from freeradius-utils) and a
// stand-in NAS socket that receives Disconnect and CoA requests.
import { execFile } from 'node:child_process';
import { createSocket, type RemoteInfo } from 'node:dgram';

export type RadclientAnswer = { reply: string | null; attributes: Record<string, string> };

/**
 * Sends one request with radclient and reads its answer: the reply's name (null when none came) and its
 * attributes as radclient prints them. `lines` are radclient's input attributes.
 */
export function radclient(
  port: number,
  command: 'auth' | 'acct',
  secret: string,
  lines: readonly string[],
  /** Seconds to wait for the answer: short where none is expected. */
  wait = 3,
): Promise<RadclientAnswer> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'radclient',
      ['-x', '-r', '1', '-t', String(wait), `127.0.0.1:${port}`, command, secret],
      { timeout: 10_000 },
      (error, stdout) => {
        if (error && (error as { code?: unknown }).code === 'ENOENT') return reject(error);
        const received = /Received (\S+) Id \d+/.exec(stdout);
        const attributes: Record<string, string> = {};
        if (received) {
          const after = stdout
            .slice((received.index ?? 0) + received[0].length)
            .split('\n')
            .slice(1);
          for (const line of after) {
            const match = /^\s+([\w-]+) = (.*)$/.exec(line);
            if (!match) break;
            attributes[match[1] as string] = (match[2] as string).replace(/^"(.*)"$/, '$1');
          }
        }
        resolve({ reply: received?.[1] ?? null, attributes });
      },
    );
    child.stdin?.end(`${lines.join(', ')}\n`);
  });
}

/** A UDP socket standing in for a NAS's Disconnect/CoA port; `answer` decides each reply. */
export async function standInNas(
  address: string,
  answer: (data: Buffer, from: RemoteInfo) => Buffer | null,
): Promise<{ port: number; received: Buffer[]; close: () => Promise<void> }> {
  const socket = createSocket('udp4');
  const received: Buffer[] = [];
  socket.on('message', (data, from) => {
    received.push(data);
    const reply = answer(data, from);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, address, resolve));
  return {
    port: socket.address().port,
    received,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
