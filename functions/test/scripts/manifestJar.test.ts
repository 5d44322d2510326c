/**
 * The manifest-only jar the Firebase tier wraps the Google Cloud CLI's Firestore emulator in
 * (scripts/lib/manifestJar.mjs). The JVM reads manifest lines of at most 72 bytes and finds a
 * jar's entries through the zip's central directory, so both are checked byte by byte here; the
 * tier itself runs the emulator through such a jar.
 */
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { manifest, storedZip } from '../../../scripts/lib/manifestJar.mjs';

const MAIN = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/** Undoes the manifest's line wrapping: a line starting with a space continues the one before. */
function manifestValues(bytes: Buffer): Record<string, string> {
  const joined = bytes.toString('utf8').replace(/\r\n /g, '');
  return Object.fromEntries(
    joined
      .split('\r\n')
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]),
  );
}

/** The entries a zip's central directory lists, each read back from its local header. */
function zipEntries(zip: Buffer): Array<{ name: string; data: Buffer; crc: number }> {
  const end = zip.length - 22;
  expect(zip.readUInt32LE(end)).toBe(0x06054b50);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let i = 0; i < count; i += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const size = zip.readUInt32LE(at + 24);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.push({
      name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
      data: zip.subarray(dataStart, dataStart + size),
      crc: zip.readUInt32LE(at + 16),
    });
    at += 46 + nameLength;
  }
  return entries;
}

describe('manifest-only jar', () => {
  it('wraps manifest lines at 72 bytes and keeps every value whole', () => {
    const bytes = manifest({ mainClass: MAIN, classPath: [JAR, '/opt/a folder/with spaces.jar'] });
    for (const line of bytes.toString('utf8').split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(72);
    expect(bytes.toString('utf8').endsWith('\r\n\r\n')).toBe(true);
    expect(manifestValues(bytes)).toEqual({
      'Manifest-Version': '1.0',
      'Main-Class': MAIN,
      'Class-Path': `file://${JAR} file:///opt/a%20folder/with%20spaces.jar`,
    });
  });

  it('stores the manifest where a jar reader finds it, with its checksum', () => {
    const data = manifest({ mainClass: MAIN, classPath: [JAR] });
    const [entry, ...others] = zipEntries(storedZip([{ name: 'META-INF/MANIFEST.MF', data }]));
    expect(others).toEqual([]);
    expect(entry?.name).toBe('META-INF/MANIFEST.MF');
    expect(entry?.data.equals(data)).toBe(true);
    expect(entry?.crc).toBe(crc32(data));
  });
});
