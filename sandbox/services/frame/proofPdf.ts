import type { PDFImage } from 'pdf-lib';
import type { components } from '../../../src/api/generated/frame';
import { WorkOrderStatusLabels } from '../../../src/api/generated/frame.rules';
import type { Seller } from '../../company';
import { BRAND, BRAND_LIGHT, drawFooters, itDate, MARGIN, MUTED, RIGHT, RULE, sellerDocument, WIDTH, wrap, type Writer } from '../../shared/pdf';

/*
 * The campaign's proof of posting as the seller's document (A4, the estimate's letterhead, fonts
 * and footer): the campaign and its advertiser, how many faces are proven, a «Mancante» section
 * naming every face without its proof, then each face with its address, period, the day it was
 * posted and its photos (wide and close, embedded) with the time and place of each shot and what
 * to check on it.
 */

type Proof = components['schemas']['ProofOfPosting'];
type Photo = Proof['rows'][number]['photos'][number];

/** A photo's bytes as stored (JPEG, PNG or HEIC). */
export type PhotoBytes = (id: number) => Promise<{ mediaType: string; content: Uint8Array } | undefined>;

const KIND_LABELS: Record<Photo['kind'], string> = { wide: 'Foto d’insieme', close: 'Foto ravvicinata' };
const FLAG_LABELS: Record<Photo['flags'][number], string> = {
  outsideWindow: 'Scattata fuori dalla finestra',
  tooFar: 'Lontana dalla faccia',
  noTime: 'Senza ora di scatto',
  noPosition: 'Senza posizione',
};

const dateTime = (iso: string) => new Date(iso).toLocaleString('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'short' });
const metres = (m: number) => (m < 1000 ? `${m} m` : `${(m / 1000).toLocaleString('it-IT', { maximumFractionDigits: 1 })} km`);

/** Where and when a photo was taken, in words. */
export function photoCaption(photo: Photo): string[] {
  const lines = [KIND_LABELS[photo.kind]];
  lines.push(photo.takenAt ? `Scattata il ${dateTime(photo.takenAt)}` : 'Senza ora di scatto');
  if (photo.latitude !== null && photo.longitude !== null) {
    lines.push(`Posizione ${photo.latitude.toFixed(5)}, ${photo.longitude.toFixed(5)}${photo.distanceMeters !== null ? ` · a ${metres(photo.distanceMeters)} dalla faccia` : ''}`);
  } else lines.push('Senza posizione');
  if (photo.flags.length) lines.push(`Da verificare: ${photo.flags.map((f) => FLAG_LABELS[f]).join(', ')}`);
  return lines;
}

async function embed(w: Writer, photoBytes: PhotoBytes, photo: Photo): Promise<PDFImage | string> {
  const stored = await photoBytes(photo.id);
  if (!stored) return 'Foto non trovata';
  // A copy of its own: pdf-lib reads the bytes' whole ArrayBuffer, and a small Buffer shares Node's pool.
  const bytes = new Uint8Array(stored.content);
  try {
    if (stored.mediaType === 'image/jpeg') return await w.pdf.embedJpg(bytes);
    if (stored.mediaType === 'image/png') return await w.pdf.embedPng(bytes);
  } catch {
    return 'Foto non leggibile';
  }
  return 'Foto in formato HEIC: si vede sulla pagina della campagna';
}

function drawHeading(w: Writer, proof: Proof, issuedOn: string) {
  w.text('PROVA DI AFFISSIONE', MARGIN, w.y, 16, { bold: true, color: BRAND });
  w.right(`Emessa il ${itDate(issuedOn)}`, RIGHT, w.y, 10, { color: MUTED });
  w.y -= 18;
  for (const line of wrap(w.fonts.bold, proof.campaignName, 12, WIDTH)) {
    w.text(line, MARGIN, w.y, 12, { bold: true });
    w.y -= 15;
  }
  if (proof.advertiserName) {
    w.text(`Cliente: ${proof.advertiserName}`, MARGIN, w.y, 10);
    w.y -= 14;
  }
  w.text(`Facce con la prova: ${proof.proven} di ${proof.faces}`, MARGIN, w.y, 10, { bold: true });
  w.y -= 22;
}

function drawMissing(w: Writer, proof: Proof) {
  w.room(40);
  w.page.drawRectangle({ x: MARGIN, y: w.y - 5, width: WIDTH, height: 18, color: BRAND_LIGHT });
  w.text('Mancante', MARGIN + 6, w.y, 10, { bold: true, color: BRAND });
  w.y -= 20;
  const lines = proof.missing.length ? proof.missing : ['Nulla: ogni faccia ha la sua prova.'];
  for (const item of lines) {
    wrap(w.fonts.regular, item, 9, WIDTH - 14).forEach((line, k) => {
      w.room(12);
      if (k === 0 && proof.missing.length) w.text('•', MARGIN + 2, w.y, 9);
      w.text(line, MARGIN + 14, w.y, 9);
      w.y -= 12;
    });
  }
  w.y -= 14;
}

const PHOTO_W = (WIDTH - 16) / 2;
const PHOTO_H = PHOTO_W * 0.75;
const CAPTION_LINE = 11;

async function drawFace(w: Writer, row: Proof['rows'][number], bytes: PhotoBytes) {
  const header = 58;
  const photosHeight = row.photos.length ? PHOTO_H + 4 * CAPTION_LINE + 10 : 0;
  // A face starting a page needs no rule under the letterhead's.
  if (!w.room(header + Math.min(photosHeight, 300))) w.page.drawLine({ start: { x: MARGIN, y: w.y + 12 }, end: { x: RIGHT, y: w.y + 12 }, thickness: 0.5, color: RULE });
  w.text(`${row.frameName} · ${row.systemCode}`, MARGIN, w.y, 11, { bold: true });
  w.right(`${itDate(row.periodStart)} - ${itDate(row.periodEnd)}`, RIGHT, w.y, 9, { color: MUTED });
  w.y -= 13;
  w.text([row.address, row.municipality].filter(Boolean).join(', '), MARGIN, w.y, 9);
  w.y -= 12;
  const state = row.doneAt ? `Affissa il ${dateTime(row.doneAt)}` : row.status ? `Affissione: ${WorkOrderStatusLabels[row.status].toLowerCase()}` : 'Nessun ordine di affissione';
  w.text(`${state} · ${row.photos.length} foto`, MARGIN, w.y, 9, { color: MUTED });
  w.y -= 12;
  if (row.missing) {
    for (const line of wrap(w.fonts.bold, `Mancante: ${row.missing}`, 9, WIDTH)) {
      w.text(line, MARGIN, w.y, 9, { bold: true, color: BRAND });
      w.y -= 12;
    }
  }
  w.y -= 6;
  for (let i = 0; i < row.photos.length; i += 2) {
    const pair = row.photos.slice(i, i + 2);
    w.room(PHOTO_H + 4 * CAPTION_LINE + 10);
    const top = w.y;
    let lowest = top;
    for (const [k, photo] of pair.entries()) {
      const x = MARGIN + k * (PHOTO_W + 16);
      const image = await embed(w, bytes, photo);
      w.page.drawRectangle({ x, y: top - PHOTO_H, width: PHOTO_W, height: PHOTO_H, borderColor: RULE, borderWidth: 0.5 });
      if (typeof image === 'string') w.text(image, x + 8, top - PHOTO_H / 2, 8, { color: MUTED });
      else {
        const scale = Math.min(PHOTO_W / image.width, PHOTO_H / image.height);
        const width = image.width * scale;
        const height = image.height * scale;
        w.page.drawImage(image, { x: x + (PHOTO_W - width) / 2, y: top - PHOTO_H + (PHOTO_H - height) / 2, width, height });
      }
      let y = top - PHOTO_H - 12;
      photoCaption(photo).forEach((text, n) => {
        for (const line of wrap(w.fonts.regular, text, 8, PHOTO_W)) {
          w.text(line, x, y, 8, { bold: n === 0, color: text.startsWith('Da verificare') ? BRAND : undefined });
          y -= CAPTION_LINE;
        }
      });
      lowest = Math.min(lowest, y);
    }
    w.y = lowest - 8;
  }
  w.y -= 16;
}

/** The proof of posting as a PDF of the seller, issued on `issuedOn` (a date). */
export async function proofOfPostingPdf(proof: Proof, seller: Seller, bytes: PhotoBytes, issuedOn: string): Promise<Uint8Array> {
  const w = await sellerDocument(seller, { title: `Prova di affissione - ${proof.campaignName}`, subject: proof.advertiserName, date: new Date(`${issuedOn}T00:00:00Z`) });
  drawHeading(w, proof, issuedOn);
  drawMissing(w, proof);
  if (!proof.rows.length) w.text('La campagna non ha ancora facce prenotate.', MARGIN, w.y, 9, { color: MUTED });
  for (const row of proof.rows) await drawFace(w, row, bytes);
  drawFooters(w, seller);
  return w.pdf.save({ useObjectStreams: false });
}
