declare module 'piexifjs' {
  const piexif: {
    ExifIFD: Record<string, number>;
    GPSIFD: Record<string, number>;
    dump(exif: Record<string, Record<number, unknown>>): string;
    insert(exif: string, jpeg: string): string;
  };
  export default piexif;
}
