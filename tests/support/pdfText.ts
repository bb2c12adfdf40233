import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text of each page of a PDF, as a reader's copy-and-paste would give it (pdf.js reads the
 * fonts' ToUnicode maps, so embedded subset fonts come out as text). One string per page, its
 * text items joined by spaces.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter((s) => s.trim())
          .join(' '),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** How many images each page of a PDF paints (the logo of the letterhead counts too). */
export async function pdfImageCounts(bytes: Uint8Array): Promise<number[]> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const counts: number[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const ops = await (await doc.getPage(n)).getOperatorList();
      counts.push(ops.fnArray.filter((fn) => fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject).length);
    }
    return counts;
  } finally {
    await doc.destroy();
  }
}
