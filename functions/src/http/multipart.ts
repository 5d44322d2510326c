/**
 * multipart/form-data with hard limits (busboy). A file over the size limit or too many files
 * answers 413 with a clear message, and nothing is kept. In Cloud Functions the body was read
 * already and waits in req.rawBody; on the local host it is streamed, and a file past
 * SPILL_AFTER_BYTES waits in a temporary file rather than in memory while the rest arrives (a
 * slow 25 MB upload would otherwise pin its chunks for as long as it takes). Temporary files are
 * removed on every path: read back, refused, failed or abandoned by the client.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Request } from 'express';
import { MESSAGES } from '@flipstage/core';
import { invalid, ServiceError } from '../services/errors.js';

/** Files up to this size stay in memory; past it the rest of the file goes to disk. */
export const SPILL_AFTER_BYTES = 1024 * 1024;

export interface MultipartLimits {
  /** Only these file fields are accepted; other files are refused as too many. */
  fileFields: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  /** What a file over maxFileBytes is told; without it, the generic MESSAGES.fileTooLarge. */
  fileTooLargeMessage?: string;
  /** All files together, with the message for going over. */
  maxTotal?: { bytes: number; message: string };
  maxFields?: number;
  maxFieldBytes?: number;
  /** Where a file past SPILL_AFTER_BYTES waits; the system's temporary directory unless given. */
  spillDir?: string;
}

export interface MultipartBody {
  /** The last value of each field. */
  fields: Record<string, string>;
  /** Every value of each field, for repeated ones. */
  lists: Record<string, string[]>;
  files: Map<string, Uint8Array[]>;
}

/** One file part as it arrives: in memory, then on disk once it passes spillAfter. */
interface ReceivedFile {
  write(chunk: Buffer): void;
  /** All its bytes in one buffer; the temporary file is gone afterwards. */
  finish(): Promise<Uint8Array>;
  discard(): Promise<void>;
}

function receiveFile(source: Readable, spillAfter: number, spillDir: string): ReceivedFile {
  let chunks: Buffer[] = [];
  let size = 0;
  let spill: { path: string; stream: WriteStream; closed: Promise<void> } | null = null;
  const startSpill = () => {
    const path = join(spillDir, `flipstage-upload-${randomUUID()}`);
    const stream = createWriteStream(path, { flags: 'wx' });
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
    // A write error surfaces when the file is read back; until then the upload must keep draining.
    stream.on('error', () => undefined);
    stream.on('drain', () => source.resume());
    spill = { path, stream, closed };
    for (const chunk of chunks) stream.write(chunk);
    chunks = [];
  };
  return {
    write(chunk) {
      size += chunk.length;
      if (!spill && size > spillAfter) startSpill();
      if (!spill) chunks.push(chunk);
      else if (!spill.stream.write(chunk)) source.pause();
    },
    async finish() {
      if (!spill) {
        const data = Buffer.concat(chunks);
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      }
      const { path, stream, closed } = spill;
      try {
        stream.end();
        await closed;
        const data = await readFile(path);
        return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      } finally {
        await rm(path, { force: true });
      }
    },
    async discard() {
      chunks = [];
      if (!spill) return;
      spill.stream.destroy();
      await spill.closed;
      await rm(spill.path, { force: true });
    },
  };
}

export function parseMultipart(req: Request, limits: MultipartLimits): Promise<MultipartBody> {
  const contentType = req.headers['content-type'] ?? '';
  if (!/^multipart\/form-data/i.test(contentType)) return Promise.reject(invalid(MESSAGES.multipartRequired));

  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          files: limits.maxFiles,
          fileSize: limits.maxFileBytes,
          fields: limits.maxFields ?? 20,
          fieldSize: limits.maxFieldBytes ?? 64 * 1024,
          parts: limits.maxFiles + (limits.maxFields ?? 20),
        },
      });
    } catch {
      reject(invalid(MESSAGES.multipartRequired));
      return;
    }
    const rawBody = (req as Request & { rawBody?: unknown }).rawBody;
    // A body Cloud Functions read already is in memory; writing it out again would only add work.
    const spillAfter = Buffer.isBuffer(rawBody) ? Infinity : SPILL_AFTER_BYTES;
    const spillDir = limits.spillDir ?? tmpdir();
    const fields: Record<string, string> = {};
    const lists: Record<string, string[]> = {};
    const received: { name: string; file: ReceivedFile; done: boolean }[] = [];
    let failure: ServiceError | null = null;
    let settled = false;
    let totalBytes = 0;
    const fail = (error: ServiceError) => {
      failure ??= error;
    };
    const discardAll = () => Promise.all(received.map(({ file }) => file.discard()));
    const refuse = (error: unknown) => {
      if (settled) return;
      settled = true;
      void discardAll().finally(() => reject(error));
    };
    const finish = async () => {
      if (settled) return;
      settled = true;
      try {
        const files = new Map<string, Uint8Array[]>();
        // In arrival order, one at a time: reading every spilled file back at once would hold them all twice.
        for (const { name, file, done } of received) {
          if (!done) {
            await file.discard();
            continue;
          }
          files.set(name, [...(files.get(name) ?? []), await file.finish()]);
        }
        resolve({ fields, lists, files });
      } catch (error) {
        await discardAll();
        reject(error);
      }
    };

    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new ServiceError('too-large', MESSAGES.fileTooLarge));
      fields[name] = value;
      (lists[name] ??= []).push(value);
    });
    parser.on('file', (name, stream) => {
      if (!limits.fileFields.includes(name)) {
        fail(new ServiceError('too-large', MESSAGES.tooManyFiles));
        stream.resume();
        return;
      }
      const entry = { name, file: receiveFile(stream, spillAfter, spillDir), done: false };
      received.push(entry);
      stream.on('data', (chunk: Buffer) => {
        totalBytes += chunk.length;
        if (limits.maxTotal && totalBytes > limits.maxTotal.bytes)
          fail(new ServiceError('too-large', limits.maxTotal.message));
        if (!failure) entry.file.write(chunk);
      });
      stream.on('limit', () =>
        fail(new ServiceError('too-large', limits.fileTooLargeMessage ?? MESSAGES.fileTooLarge)),
      );
      stream.on('close', () => {
        entry.done = true;
      });
    });
    parser.on('filesLimit', () => fail(new ServiceError('too-large', MESSAGES.tooManyFiles)));
    parser.on('fieldsLimit', () => fail(new ServiceError('too-large', MESSAGES.tooManyFields)));
    parser.on('partsLimit', () => fail(new ServiceError('too-large', MESSAGES.tooManyFields)));
    parser.on('error', () => refuse(invalid(MESSAGES.multipartRequired)));
    parser.on('close', () => (failure ? refuse(failure) : void finish()));

    if (Buffer.isBuffer(rawBody)) {
      parser.end(rawBody);
      return;
    }
    // A client that goes away mid-upload never lets busboy close; its spilled file goes all the same.
    req.on('close', () => {
      if (req.complete) return;
      req.unpipe(parser);
      refuse(invalid(MESSAGES.multipartRequired));
    });
    req.pipe(parser);
  });
}
