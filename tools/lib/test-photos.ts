/**
 * Photos made for the tests and the bench: a phone-like picture (sky, trees, ground, grain) with
 * the metadata a phone writes (GPS position, orientation 6: taken holding the phone upright), and
 * the bad sources the build must refuse. Made here rather than taken from anywhere: no stock
 * picture enters the project.
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A pseudo-random sequence from a seed, so each made photo is the same at every run. */
function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** Raw RGB pixels of an outdoor scene: sky gradient, a few round tree crowns, grass, grain. */
function scene(width: number, height: number, seed: number): Buffer {
  const next = random(seed);
  const crowns = Array.from({ length: 7 }, () => ({ x: next() * width, y: height * (0.3 + next() * 0.3), r: height * (0.12 + next() * 0.18), g: 90 + next() * 80 }));
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain = (next() - 0.5) * 12;
      let rgb: [number, number, number] = y > height * 0.72 ? [70, 120 + (y % 7) * 3, 50] : [120 + (y / height) * 80, 170 + (y / height) * 50, 235];
      for (const c of crowns) {
        const d = Math.hypot(x - c.x, y - c.y);
        if (d < c.r) rgb = [30 + (d / c.r) * 40, c.g - (d / c.r) * 30, 35];
      }
      const i = (y * width + x) * 3;
      pixels[i] = Math.max(0, Math.min(255, rgb[0] + grain));
      pixels[i + 1] = Math.max(0, Math.min(255, rgb[1] + grain));
      pixels[i + 2] = Math.max(0, Math.min(255, rgb[2] + grain));
    }
  }
  return pixels;
}

/**
 * A JPEG as a phone writes it: stored sideways (`width` × `height` as the sensor saw it) with
 * EXIF orientation 6, and GPS coordinates (Hull, Gatineau) that must never reach the site.
 */
export async function phonePhoto(width: number, height: number, seed = 1): Promise<Buffer> {
  return sharp(scene(width, height, seed), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({
      IFD0: { Make: 'Telephone', Model: 'Essai' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 25/1 4/1', GPSLongitudeRef: 'W', GPSLongitude: '75/1 42/1 50/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A PNG whose header says 30,000 × 30,000 pixels (900 MP) in a few hundred bytes: a decompression bomb. */
export function bombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(30_001 * 4))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The test photos, by file name: a good one, a narrow one, and the bad sources. */
export async function testPhotos(): Promise<Record<string, Buffer>> {
  // Stored sideways, 1100 × 1500: upright, 1500 × 1100, wide enough for a hero.
  const good = await phonePhoto(1100, 1500, 7);
  return {
    'erable-hull.jpg': good,
    'etroite.jpg': await phonePhoto(600, 400, 3).then((b) => sharp(b).autoOrient().jpeg({ quality: 80 }).toBuffer()),
    'tronquee.jpg': good.subarray(0, Math.floor(good.length / 2)),
    'pas-une-image.jpg': Buffer.from('Ceci est un texte, pas une photo.\n'),
    'bombe.png': bombPng(),
  };
}
