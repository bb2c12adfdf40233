import { bombWorkbook } from '../contract/hostile-imports';
import { percentile } from './client';

/*
 * /health while a decompression bomb is imported: the sandbox must stay responsive
 * while it reads and refuses the file. A figure (the latencies) and a check (every /health
 * answered, the import refused with 413); the latency bound is reported, not asserted in unit tests.
 */

export interface ImportLatency {
  importStatus: number;
  importMs: number;
  healthAnswered: number;
  healthFailed: number;
  healthP50Ms: number;
  healthMaxMs: number;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEALTH_EVERY_MS = 25;

export async function healthDuringBombImport(origin: string, token: string): Promise<ImportLatency> {
  const bomb = await bombWorkbook();
  const form = new FormData();
  form.append('file', new Blob([bomb as BlobPart], { type: XLSX }), 'bomba.xlsx');
  const latencies: number[] = [];
  let failed = 0;
  let importing = true;
  const probe = (async () => {
    while (importing) {
      const started = performance.now();
      try {
        const r = await fetch(`${origin}/health`, { signal: AbortSignal.timeout(5000) });
        if (r.ok) latencies.push(performance.now() - started);
        else failed++;
      } catch {
        failed++;
      }
      await new Promise((resolve) => setTimeout(resolve, HEALTH_EVERY_MS));
    }
  })();
  const started = performance.now();
  const answer = await fetch(`${origin}/systems/v1/system/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  await answer.arrayBuffer();
  const importMs = Math.round(performance.now() - started);
  importing = false;
  await probe;
  return {
    importStatus: answer.status,
    importMs,
    healthAnswered: latencies.length,
    healthFailed: failed,
    healthP50Ms: Math.round(percentile(latencies, 50)),
    healthMaxMs: Math.round(Math.max(0, ...latencies)),
  };
}
