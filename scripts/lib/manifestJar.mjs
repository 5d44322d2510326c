/**
 * A manifest-only jar: a zip holding one META-INF/MANIFEST.MF that names a main class and the
 * jars it lives in. It lets `java -jar` (all firebase-tools knows how to run) start a class from a
 * jar that has no Main-Class of its own, such as the Google Cloud CLI's Firestore emulator.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32 } from 'node:zlib';

/** Manifest lines may hold at most 72 bytes; longer values continue on lines starting with a space. */
function manifestLine(name, value) {
  const bytes = Buffer.from(`${name}: ${value}`, 'utf8');
  const lines = [bytes.subarray(0, 72)];
  for (let at = 72; at < bytes.length; at += 71) lines.push(Buffer.concat([Buffer.from(' '), bytes.subarray(at, at + 71)]));
  return Buffer.concat(lines.flatMap((line) => [line, Buffer.from('\r\n')]));
}

export function manifest({ mainClass, classPath }) {
  return Buffer.concat([
    manifestLine('Manifest-Version', '1.0'),
    manifestLine('Main-Class', mainClass),
    // Absolute file: URLs, which the JVM resolves like relative ones, so the jar may live anywhere.
    manifestLine('Class-Path', classPath.map((jar) => pathToFileURL(jar).href).join(' ')),
    Buffer.from('\r\n'),
  ]);
}

/** A zip archive of uncompressed entries (the format's "stored" method), enough for a jar. */
export function storedZip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const fileName = Buffer.from(name, 'utf8');
    const checksum = crc32(data);
    const common = (header) => {
      header.writeUInt16LE(20, 0); // version needed to extract: 2.0
      header.writeUInt16LE(0x0800, 2); // names are UTF-8
      header.writeUInt16LE(0, 4); // stored, no compression
      header.writeUInt16LE(0, 6); // a fixed time (00:00) and date (1980-01-01): reproducible bytes
      header.writeUInt16LE(0x21, 8);
      header.writeUInt32LE(checksum, 10);
      header.writeUInt32LE(data.length, 14);
      header.writeUInt32LE(data.length, 18);
      header.writeUInt16LE(fileName.length, 22);
      header.writeUInt16LE(0, 24); // no extra field
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    common(local.subarray(4));
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    common(central.subarray(6));
    // Comment length, disk number, internal and external attributes stay 0.
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Writes a jar at `path` whose `java -jar` runs `mainClass` from the jars in `classPath`. */
export function writeManifestJar(path, { mainClass, classPath }) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, storedZip([{ name: 'META-INF/MANIFEST.MF', data: manifest({ mainClass, classPath }) }]));
}
