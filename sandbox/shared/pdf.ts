import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { companyAddress } from '../../src/config/company';
import type { Seller } from '../company';

/*
 * The seller's documents (A4, pdf-lib, the Liberation Sans fonts shipped with the project): the
 * letterhead on every page, a writer that turns the page when the body is full, and the footer
 * with the seller's legal line and "Pagina X di N". The estimate's offer and the campaign's proof
 * of posting are drawn with it.
 */

const FONTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/fonts');
// Read once: the font files ship with the project (sandbox/assets/fonts, with their licence).
let fontFiles: { regular: Uint8Array; bold: Uint8Array } | undefined;
const fontBytes = () =>
  (fontFiles ??= {
    regular: readFileSync(path.join(FONTS, 'LiberationSans-Regular.ttf')),
    bold: readFileSync(path.join(FONTS, 'LiberationSans-Bold.ttf')),
  });

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 42;
export const RIGHT = A4[0] - MARGIN;
export const WIDTH = RIGHT - MARGIN;
export const TOP = A4[1] - MARGIN;
/** Lowest y the body may reach: the footer sits below it. */
export const BOTTOM = MARGIN + 30;

export const INK = rgb(0.12, 0.14, 0.17);
export const MUTED = rgb(0.36, 0.4, 0.46);
export const BRAND = rgb(0.04, 0.25, 0.54);
export const BRAND_LIGHT = rgb(0.9, 0.94, 0.99);
export const ZEBRA = rgb(0.96, 0.97, 0.98);
export const RULE = rgb(0.75, 0.79, 0.85);
export const WHITE = rgb(1, 1, 1);

export const itDate = (iso?: string) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '-');

/** Words of `text` in lines no wider than `width`; a word wider than a line is cut. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Draws on the current page and moves to a new one (with the letterhead) when the body is full. */
export class Writer {
  page!: PDFPage;
  y = TOP;
  readonly pages: PDFPage[] = [];

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    private readonly letterhead: (w: Writer) => void,
  ) {}

  newPage() {
    this.page = this.pdf.addPage(A4);
    this.pages.push(this.page);
    this.y = TOP;
    this.letterhead(this);
  }

  /** Makes room for `height`: a new page when the rest of this one is too short. Answers whether it turned. */
  room(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  text(text: string, x: number, y: number, size = 9, opts: { bold?: boolean; color?: RGB } = {}) {
    this.page.drawText(text, { x, y, size, font: opts.bold ? this.fonts.bold : this.fonts.regular, color: opts.color ?? INK });
  }

  right(text: string, xRight: number, y: number, size = 9, opts: { bold?: boolean; color?: RGB } = {}) {
    const font = opts.bold ? this.fonts.bold : this.fonts.regular;
    this.text(text, xRight - font.widthOfTextAtSize(text, size), y, size, opts);
  }

  width(text: string, size: number, bold = false) {
    return (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(text, size);
  }
}

function drawLetterhead(w: Writer, seller: Seller, logo: PDFImage | undefined) {
  const c = seller.identity;
  const headerHeight = 50;
  if (logo) {
    const scale = Math.min(170 / logo.width, headerHeight / logo.height);
    w.page.drawImage(logo, { x: MARGIN - 4, y: TOP - logo.height * scale + 4, width: logo.width * scale, height: logo.height * scale });
  } else {
    w.text(c.name, MARGIN, TOP - 22, 16, { bold: true, color: BRAND });
  }
  const lines = [
    companyAddress(c),
    [`P.IVA ${c.vatNumber}`, c.fiscalCode && c.fiscalCode !== c.vatNumber ? `C.F. ${c.fiscalCode}` : ''].filter(Boolean).join(' · '),
    [c.phone && `Tel. ${c.phone}`, c.email].filter(Boolean).join(' · '),
    [c.pec && `PEC ${c.pec}`, c.website].filter(Boolean).join(' · '),
  ].filter(Boolean);
  let y = TOP - 6;
  w.right(c.name, RIGHT, y, 10, { bold: true });
  for (const line of lines) {
    y -= 10.5;
    w.right(line, RIGHT, y, 7.5, { color: MUTED });
  }
  w.page.drawLine({ start: { x: MARGIN, y: TOP - headerHeight - 10 }, end: { x: RIGHT, y: TOP - headerHeight - 10 }, thickness: 1.2, color: BRAND });
  w.y = TOP - headerHeight - 30;
}

/** The seller's legal line and "Pagina X di N" at the foot of every page (drawn once all pages are made). */
export function drawFooters(w: Writer, seller: Seller) {
  const c = seller.identity;
  const legal = [c.name, `P.IVA ${c.vatNumber}`, c.rea && `REA ${c.rea}`, c.shareCapital && `Cap. soc. ${c.shareCapital}`].filter(Boolean).join(' · ');
  w.pages.forEach((page, i) => {
    w.page = page;
    page.drawLine({ start: { x: MARGIN, y: MARGIN + 14 }, end: { x: RIGHT, y: MARGIN + 14 }, thickness: 0.5, color: RULE });
    w.text(legal, MARGIN, MARGIN + 2, 7, { color: MUTED });
    w.right(`Pagina ${i + 1} di ${w.pages.length}`, RIGHT, MARGIN + 2, 8);
  });
}

/** A new document of the seller, its metadata set, with a writer on its first page (letterhead drawn). */
export async function sellerDocument(seller: Seller, meta: { title: string; subject: string; date: Date }): Promise<Writer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(meta.title);
  pdf.setSubject(meta.subject);
  pdf.setAuthor(seller.identity.name);
  pdf.setLanguage('it-IT');
  pdf.setCreationDate(meta.date);
  pdf.setModificationDate(meta.date);
  const bytes = fontBytes();
  const fonts = { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) };
  const logo = seller.logo ? await (seller.logo.kind === 'png' ? pdf.embedPng(seller.logo.bytes) : pdf.embedJpg(seller.logo.bytes)) : undefined;
  const w = new Writer(pdf, fonts, (writer) => drawLetterhead(writer, seller, logo));
  w.newPage();
  return w;
}
