// Writes Brotli (.br) and gzip (.gz) copies of dist/web's text files, which the server sends precompressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WEB = process.argv[2] ?? 'dist/web';
const TEXT = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.vtt', '.webmanifest']);
// Below this, the headers cost more than compression saves.
const MIN_BYTES = 1024;

let before = 0;
let after = 0;
for (const entry of readdirSync(WEB, { recursive: true, withFileTypes: true })) {
  const file = join(entry.parentPath, entry.name);
  if (!entry.isFile() || !TEXT.has(extname(file))) continue;
  if (statSync(file).size < MIN_BYTES) continue;
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  before += content.length;
  after += brotli.length;
}
console.log(
  `precompressed ${WEB}: ${(before / 1024).toFixed(0)} KB of text → ${(after / 1024).toFixed(0)} KB with Brotli`,
);
