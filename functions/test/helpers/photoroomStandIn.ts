/**
 * A stand-in for Photoroom's v2/edit on node:http: it parses the multipart body as a server
 * would, refuses what Photoroom refuses (an image part that is not JPEG, PNG or WebP by its
 * declared type and by its bytes, or over 30 MB) with Photoroom's 400 shape, records every request
 * and answers the given replies in turn.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  form: FormData;
}

export interface StandInReply {
  status: number;
  body: Uint8Array | string;
  headers?: Record<string, string>;
}

export interface PhotoroomStandIn {
  baseUrl: string;
  received: ReceivedRequest[];
  /** The image part of the last request: its declared type, file name and bytes. */
  lastImage(): Promise<{ type: string; name: string; bytes: Uint8Array }>;
  close(): Promise<void>;
}

const ACCEPTED = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47],
  'image/webp': [0x52, 0x49, 0x46, 0x46],
} as const;
const MAX_BYTES = 30_000_000;

async function refusal(form: FormData): Promise<string | null> {
  const file = form.get('imageFile');
  if (!(file instanceof File)) return 'imageFile is missing';
  const magic = ACCEPTED[file.type as keyof typeof ACCEPTED] as readonly number[] | undefined;
  if (!magic) return `unsupported content type ${file.type}`;
  if (file.size > MAX_BYTES) return `image is ${file.size} bytes`;
  const head = new Uint8Array(await file.slice(0, magic.length).arrayBuffer());
  if (!magic.every((byte, i) => head[i] === byte)) return `the bytes are not ${file.type}`;
  return null;
}

export async function startPhotoroomStandIn(replies: StandInReply[]): Promise<PhotoroomStandIn> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const form = await new Response(Buffer.concat(chunks), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData();
        received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, form });
        const refused = await refusal(form);
        if (refused) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: refused } }));
          return;
        }
        const reply = replies[Math.min(received.length - 1, replies.length - 1)]!;
        const type = typeof reply.body === 'string' ? 'application/json' : 'image/jpeg';
        res.writeHead(reply.status, reply.headers ?? { 'content-type': type });
        res.end(typeof reply.body === 'string' ? reply.body : Buffer.from(reply.body));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async lastImage() {
      const file = received.at(-1)?.form.get('imageFile');
      if (!(file instanceof File)) throw new Error('no image part was received');
      return { type: file.type, name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
