import piexif from 'piexifjs';

/*
 * Test photos: a real one-pixel grey baseline JPEG (start, a quantisation table, the frame, one DC and one
 * AC Huffman table of a single code each, a scan of one empty block, end), so that a PDF can embed it
 * and a reader decode it, with the EXIF a phone camera writes — the time of the shot and its GPS
 * position — for the proof-of-posting checks.
 */

const BARE_JPEG = Uint8Array.from([
  ...[0xff, 0xd8],
  ...[0xff, 0xdb, 0x00, 0x43, 0x00, ...Array<number>(64).fill(1)],
  ...[0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x00, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xc4, 0x00, 0x14, 0x10, 0x01, ...Array<number>(15).fill(0), 0x00],
  ...[0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x3f],
  ...[0xff, 0xd9],
]);

type Rational = [number, number];

/** Degrees as EXIF's degrees, minutes and seconds (each a rational). */
function dms(value: number): [Rational, Rational, Rational] {
  const abs = Math.abs(value);
  const degrees = Math.floor(abs);
  const minutes = Math.floor((abs - degrees) * 60);
  const seconds = Math.round(((abs - degrees) * 60 - minutes) * 60 * 10000);
  return [
    [degrees, 1],
    [minutes, 1],
    [seconds, 10000],
  ];
}

/** A JPEG whose EXIF says it was shot at `takenAt` (local time as written by cameras) at `latitude`, `longitude`. */
export function jpegWithExif({ takenAt, latitude, longitude }: { takenAt?: string; latitude?: number; longitude?: number }): Buffer {
  const exif: Record<string, Record<number, unknown>> = { '0th': {}, Exif: {}, GPS: {} };
  if (takenAt) exif.Exif[piexif.ExifIFD.DateTimeOriginal] = takenAt.replace('T', ' ').replace(/-/g, ':').slice(0, 19);
  if (latitude !== undefined && longitude !== undefined) {
    exif.GPS[piexif.GPSIFD.GPSLatitudeRef] = latitude >= 0 ? 'N' : 'S';
    exif.GPS[piexif.GPSIFD.GPSLatitude] = dms(latitude);
    exif.GPS[piexif.GPSIFD.GPSLongitudeRef] = longitude >= 0 ? 'E' : 'W';
    exif.GPS[piexif.GPSIFD.GPSLongitude] = dms(longitude);
  }
  const binary = piexif.insert(piexif.dump(exif), Buffer.from(BARE_JPEG).toString('binary'));
  return Buffer.from(binary, 'binary');
}
