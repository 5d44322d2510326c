export interface JarEntry {
  name: string;
  data: Buffer;
}

export declare function manifest(options: { mainClass: string; classPath: string[] }): Buffer;
export declare function storedZip(entries: JarEntry[]): Buffer;
export declare function writeManifestJar(path: string, options: { mainClass: string; classPath: string[] }): void;
