/**
 * multipart/form-data with hard limits (busboy). A file over the size limit or too many files
 * answers 413 with a clear message, and nothing is kept. In Cloud Functions the body was read
 * already and waits in req.rawBody; on the local host it is streamed.
 */
import busboy from 'busboy';
import type { Request } from 'express';
import { MESSAGES } from '@flipstage/core';
import { invalid, ServiceError } from '../services/errors.js';

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
}

export interface MultipartBody {
  /** The last value of each field. */
  fields: Record<string, string>;
  /** Every value of each field, for repeated ones. */
  lists: Record<string, string[]>;
  files: Map<string, Uint8Array[]>;
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
    const fields: Record<string, string> = {};
    const lists: Record<string, string[]> = {};
    const files = new Map<string, Uint8Array[]>();
    let failure: ServiceError | null = null;
    let totalBytes = 0;
    const fail = (error: ServiceError) => {
      failure ??= error;
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
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        totalBytes += chunk.length;
        if (limits.maxTotal && totalBytes > limits.maxTotal.bytes)
          fail(new ServiceError('too-large', limits.maxTotal.message));
        if (!failure) chunks.push(chunk);
      });
      stream.on('limit', () =>
        fail(new ServiceError('too-large', limits.fileTooLargeMessage ?? MESSAGES.fileTooLarge)),
      );
      stream.on('close', () => {
        if (failure) return;
        const data = Buffer.concat(chunks);
        files.set(name, [...(files.get(name) ?? []), new Uint8Array(data.buffer, data.byteOffset, data.byteLength)]);
      });
    });
    parser.on('filesLimit', () => fail(new ServiceError('too-large', MESSAGES.tooManyFiles)));
    parser.on('fieldsLimit', () => fail(new ServiceError('too-large', MESSAGES.tooManyFields)));
    parser.on('partsLimit', () => fail(new ServiceError('too-large', MESSAGES.tooManyFields)));
    parser.on('error', () => reject(invalid(MESSAGES.multipartRequired)));
    parser.on('close', () => (failure ? reject(failure) : resolve({ fields, lists, files })));

    const rawBody = (req as Request & { rawBody?: unknown }).rawBody;
    if (Buffer.isBuffer(rawBody)) parser.end(rawBody);
    else req.pipe(parser);
  });
}
