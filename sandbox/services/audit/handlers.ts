import type { components, operations } from '../../../src/api/generated/audit';
import type { Db } from '../../db';
import { file, HttpError, reply, type HandlerContext } from '../../http';
import { guardedUpdate, inTable, requireReferences } from '../../store';
import { defineHandlers } from '../../typed';
import { clock } from '../../clock';
import { sendMailAs } from '../../shared/mail';
import { checkPeriod } from '../../shared/values';
import { syncScope, upsertOpportunity } from './crm';
import { detectionsWorkbook, parseImport } from './importExport';
import { isCsvUpload, listedRejections, readLimitsOf, rowRejections, rowsNamed, XLSX } from '../../excel';
import { AUDIT_PERIOD, IMPORT_LIMIT_BYTES, SyncLeadsReport, agentMap, getStored, insertAgent, insertDetection, insertSubItem, listSubItems, queryDetections, readDetection, storedFromInput, typeOfPath, writeDetection } from './model';

/* ---------- handlers ---------- */

const auditIdOf = (ctx: { query: { auditId: number } }) => Number(ctx.query.auditId);

export const handlers = defineHandlers<operations>({
  async exportDetectionsExcel(ctx) {
    const { dateStart, dateEnd } = ctx.query;
    checkPeriod(dateStart, dateEnd, AUDIT_PERIOD);
    const detections = (await queryDetections(ctx.db, { dateStart, dateEnd })).reverse();
    return file(await detectionsWorkbook(detections), XLSX, `export_${dateStart}_${dateEnd}.xlsx`);
  },

  async importDetections(ctx) {
    const upload = ctx.files.find((f) => f.fieldName === 'file') ?? ctx.files[0];
    if (!upload) throw new HttpError(400, 'Nessun file ricevuto');
    if (upload.size > IMPORT_LIMIT_BYTES)
      throw new HttpError(413, 'Il file supera la dimensione massima di 10 MB');
    const isXlsx =
      upload.mediaType === XLSX ||
      (upload.mediaType === 'application/octet-stream' && /\.xlsx$/i.test(upload.fileName));
    if (!isXlsx && !isCsvUpload(upload)) throw new HttpError(415, `Tipo di file non supportato: ${upload.mediaType}`);
    const rows = await parseImport(ctx.db, upload.content, readLimitsOf(ctx.extensions));
    const all = rows.flatMap((r) => r.mistakes);
    if (all.length) {
      const { rejected, rejectedCount: n } = listedRejections(rowRejections(all));
      return reply(422, {
        message: `Importazione annullata: ${n} ${n === 1 ? 'riga non valida' : 'righe non valide'} (${rowsNamed(rejected, n)}), nessuna rilevazione importata`,
        status: 422,
        imported: 0,
        rejected,
        rejectedCount: n,
      });
    }
    await ctx.db.transaction(async (tx) => {
      for (const r of rows) await insertDetection(tx, r.data!);
    });
    return { imported: rows.length, rejected: [] };
  },

  async createDetection(ctx) {
    const data = await storedFromInput(ctx.db, ctx.body);
    return readDetection(ctx.db, await insertDetection(ctx.db, data));
  },

  async updateDetection(ctx) {
    const auditId = auditIdOf(ctx);
    if (ctx.body.auditId !== undefined && ctx.body.auditId !== auditId) {
      throw new HttpError(
        400,
        `auditId del corpo (${ctx.body.auditId}) diverso da quello richiesto (${auditId})`,
        {
          errors: [{ path: '/body/auditId', message: 'deve coincidere con il parametro auditId' }],
        },
      );
    }
    return guardedUpdate(ctx, inTable('audit_detections', 'audit_id', auditId, 'rilevazione', true), async (tx) => {
      const existing = await getStored(tx, auditId);
      await writeDetection(tx, auditId, await storedFromInput(tx, ctx.body, existing));
      return readDetection(tx, auditId);
    });
  },

  async deleteDetection(ctx) {
    const { rows } = await ctx.db.query(
      'DELETE FROM audit_detections WHERE audit_id = $1 RETURNING audit_id',
      [auditIdOf(ctx)],
    );
    if (!rows[0]) throw new HttpError(404, `Rilevazione ${auditIdOf(ctx)} non trovata`);
    return reply(204);
  },

  async listDetections(ctx) {
    return queryDetections(ctx.db, {});
  },

  async listDetectionsByRangeDate(ctx) {
    const q = ctx.query;
    checkPeriod(q.dateStart, q.dateEnd, AUDIT_PERIOD);
    return queryDetections(ctx.db, q);
  },

  async listDistinctDetectionValues(ctx) {
    const field = ctx.params.field;
    const { rows } = await ctx.db.query<{ v: string }>(
      `SELECT DISTINCT data->>$1 AS v FROM audit_detections WHERE COALESCE(data->>$1, '') <> '' ORDER BY 1`,
      [field],
    );
    return rows.map((r) => r.v).sort((a, b) => a.localeCompare(b, 'it'));
  },

  async updateDetectionLead(ctx) {
    const auditId = Number(ctx.params.id);
    return guardedUpdate(ctx, inTable('audit_detections', 'audit_id', auditId, 'rilevazione', true), async (tx) => {
      const data = await getStored(tx, auditId);
      data.leadStatus = ctx.body.leadStatus;
      data.leadNote = ctx.body.note ?? null;
      await writeDetection(tx, auditId, data);
      return readDetection(tx, auditId);
    });
  },

  async sendDetectionsToAgent(ctx) {
    const { agentId, auditIds } = ctx.body;
    await requireReferences(ctx.db, ctx.body, [{ field: 'agentId', table: 'audit_agents', label: 'agente' }]);
    const agent = (await agentMap(ctx.db)).get(agentId)!;
    const detections = await queryDetections(ctx.db, { auditIds });
    const missing = auditIds.filter((id) => !detections.some((d) => d.auditId === id));
    if (missing.length) {
      const message = `rilevazione inesistente: ${missing.join(', ')}`;
      throw new HttpError(422, `Riferimento a un elemento inesistente (${message})`, { errors: [{ path: '/body/auditIds', message }] });
    }
    const lines = detections.map(
      (d) =>
        `- ${d.detectionDate} · ${d.brandName} («${d.subject}») · ${d.mediaOwner} · ${[d.address, d.municipality].filter(Boolean).join(', ')} [n. ${d.auditId}]`,
    );
    const body = `Gentile ${agent.name} ${agent.surname},\n\nle inviamo ${detections.length === 1 ? 'la rilevazione' : `le ${detections.length} rilevazioni`} da seguire:\n\n${lines.join('\n')}\n\nCordiali saluti\nMedia Monitor`;
    const { id } = await sendMailAs(ctx.services, ctx.db, {
      to: agent.email,
      subject: `Rilevazioni da seguire (${detections.length})`,
      body,
      kind: 'agent-report',
      sentBy: ctx.user!.username,
      relatedResource: null,
    });
    return { mailId: id, recipient: agent.email, auditIds };
  },

  async sendDetectionsToMediaSupplier(ctx) {
    const { mediaOwner } = ctx.body;
    const supplier = (await lookup(ctx, 'mediaSupplier', mediaOwner, 'Nessun fornitore noto per il media owner')) as { email: string | null; contactPerson?: string | null };
    if (!supplier.email) throw new HttpError(404, `Nessun indirizzo mail per il fornitore di «${mediaOwner}»`);
    const detections = await detectionsToSend(ctx.db, ctx.body, { mediaOwner });
    return mailDetections(ctx, supplier.email, `Rilevazioni ${mediaOwner}`, `Gentile ${supplier.contactPerson ?? 'fornitore'},\n\nle inviamo le rilevazioni delle affissioni di ${mediaOwner}:`, detections);
  },

  async sendDetectionsToSecretariat(ctx) {
    const { brandName, subject } = ctx.body;
    if (!brandName && !subject) throw new HttpError(400, 'Indicare il brand o il soggetto', { errors: [{ path: '/body', message: 'brandName o subject obbligatorio' }] });
    const data = (brandName
      ? await lookup(ctx, 'brand', brandName, 'Nessun dato di segreteria per il brand')
      : await lookup(ctx, 'subject', subject!, 'Nessun dato di segreteria per il soggetto')) as { email: string | null; companyName?: string };
    if (!data.email) throw new HttpError(404, 'Nessun indirizzo mail per la segreteria');
    const detections = await detectionsToSend(ctx.db, ctx.body, { brandName, subject });
    const what = [subject ? `«${subject}»` : null, brandName].filter(Boolean).join(' · ');
    return mailDetections(ctx, data.email, `Rilevazioni ${what}`, `Spettabile segreteria ${data.companyName ?? ''},\n\nle inviamo le rilevazioni di ${what}:`.replace(' ,', ','), detections);
  },

  async syncLeads(ctx) {
    const report: SyncLeadsReport = { created: [], updated: [], skipped: [] };
    const leads = (await queryDetections(ctx.db, { leadStatus: 'new' })).reverse();
    await ctx.db.transaction(async (tx) => {
      const scope = await syncScope(tx);
      for (const d of leads) {
        const outcome = await upsertOpportunity(ctx as unknown as HandlerContext, tx, scope, {
          name: `Lead ${d.brandName} – ${d.municipality}`.slice(0, 200),
          detectionId: d.auditId,
          brandName: d.brandName,
          detectionDate: d.detectionDate,
          opportunityId: d.opportunityId,
        });
        if ('skipped' in outcome) {
          report.skipped.push({ auditId: d.auditId, reason: outcome.skipped });
          continue;
        }
        (outcome.created ? report.created : report.updated).push({
          auditId: d.auditId,
          opportunityId: outcome.id,
        });
        if (d.opportunityId !== outcome.id) {
          await tx.query(
            `UPDATE audit_detections SET data = jsonb_set(data, '{opportunityId}', to_jsonb($2::bigint)) WHERE audit_id = $1`,
            [d.auditId, outcome.id],
          );
        }
      }
    });
    return report;
  },

  async getMediaSupplierByMediaOwner(ctx) {
    const data = await lookup(
      ctx,
      'mediaSupplier',
      ctx.query.mediaOwner,
      'Nessun fornitore noto per il media owner',
    );
    return {
      ...(data as object),
      mediaOwner: ctx.query.mediaOwner,
    } as components['schemas']['MediaSupplier'];
  },

  async getSecretarialDataByBrandName(ctx) {
    const data = await lookup(ctx, 'brand', ctx.query.brandName, 'Nessun dato di segreteria per il brand');
    return { ...(data as object), name: ctx.query.brandName } as components['schemas']['SecretarialData'];
  },

  async getSecretarialDataBySubject(ctx) {
    const data = await lookup(ctx, 'subject', ctx.query.subject, 'Nessun dato di segreteria per il soggetto');
    return { ...(data as object), name: ctx.query.subject } as components['schemas']['SecretarialData'];
  },

  async listBrandNamesBySubject(ctx) {
    const { rows } = await ctx.db.query<{ v: string }>(
      `SELECT DISTINCT data->>'brandName' AS v FROM audit_detections WHERE data->>'subject' = $1`,
      [ctx.query.subject],
    );
    return rows.map((r) => r.v).sort((a, b) => a.localeCompare(b, 'it'));
  },

  async listSubItems(ctx) {
    return listSubItems(ctx.db, typeOfPath(ctx.params.type));
  },

  async getSubItemById(ctx) {
    const type = typeOfPath(ctx.params.type);
    const { rows } = await ctx.db.query<{ id: string; name: string; description: string | null; version: string }>(
      'SELECT id, name, description, version FROM audit_subitems WHERE type = $1 AND id = $2',
      [type, Number(ctx.params.id)],
    );
    if (!rows[0]) throw new HttpError(404, `Valore ${ctx.params.id} di ${type} non trovato`);
    return { id: Number(rows[0].id), name: rows[0].name, description: rows[0].description, lockVersion: Number(rows[0].version) };
  },

  async deleteSubItem(ctx) {
    const type = typeOfPath(ctx.params.type);
    const { rows } = await ctx.db.query(
      'DELETE FROM audit_subitems WHERE type = $1 AND id = $2 RETURNING id',
      [type, Number(ctx.params.id)],
    );
    if (!rows[0]) throw new HttpError(404, `Valore ${ctx.params.id} di ${type} non trovato`);
    return reply(204);
  },

  async createSubItem(ctx) {
    const type = typeOfPath(ctx.params.type);
    const body = ctx.body as Record<string, { name: string; description?: string | null } | undefined>;
    const keys = Object.keys(body);
    const item = body[type];
    if (keys.length !== 1 || !item) {
      throw new HttpError(
        400,
        `Il corpo deve avere la sola chiave «${type}» per il tipo ${ctx.params.type}`,
        {
          errors: [{ path: '/body', message: `chiave attesa: ${type}` }],
        },
      );
    }
    return insertSubItem(ctx.db, type, item);
  },

  async updateSubItem(ctx) {
    const type = typeOfPath(ctx.params.type);
    const { id, name, description } = ctx.body;
    const target = { table: 'audit_subitems' as const, where: 'type = $1 AND id = $2', params: [type, id], noun: 'valore' };
    return guardedUpdate(ctx, target, async (tx) => {
      const current = await tx.query('SELECT 1 FROM audit_subitems WHERE type = $1 AND id = $2', [type, id]);
      if (!current.rows[0]) throw new HttpError(404, `Valore ${id} di ${type} non trovato`);
      const clash = await tx.query('SELECT 1 FROM audit_subitems WHERE type = $1 AND lower(name) = lower($2) AND id <> $3', [type, name.trim(), id]);
      if (clash.rows[0]) throw new HttpError(409, `Esiste già un valore «${name.trim()}» per ${type}`);
      await tx.query('UPDATE audit_subitems SET name = $3, description = $4 WHERE type = $1 AND id = $2', [type, id, name.trim(), description ?? null]);
      return { id, name: name.trim(), description: description ?? null };
    });
  },

  async listAgentNames(ctx) {
    const { rows } = await ctx.db.query<{ id: string; name: string; surname: string }>(
      'SELECT id, name, surname FROM audit_agents ORDER BY lower(surname), lower(name), id',
    );
    return rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      surname: r.surname,
      fullName: `${r.name} ${r.surname}`,
    }));
  },

  async createAgent(ctx) {
    return insertAgent(ctx.db, ctx.body);
  },

  async getAgentByFullName(ctx) {
    const fullName = decodeURIComponent(ctx.params.fullName).trim().replace(/\s+/g, ' ');
    const { rows } = await ctx.db.query<{ id: string; name: string; surname: string; email: string }>(
      `SELECT id, name, surname, email FROM audit_agents WHERE lower(name || ' ' || surname) = lower($1)`,
      [fullName],
    );
    if (!rows[0]) throw new HttpError(404, `Agente «${fullName}» non trovato`);
    return { id: Number(rows[0].id), name: rows[0].name, surname: rows[0].surname, email: rows[0].email };
  },
});

type Detection = components['schemas']['Detection'];

/**
 * The detections a send lists: the chosen ones (each must match `match`, else 404), else those of
 * the period, given by its dates or as the last N days up to the sandbox's today.
 */
async function detectionsToSend(
  db: Db,
  period: { dateStart?: string; dateEnd?: string; lastDays?: number; auditIds?: number[] },
  match: { mediaOwner?: string; brandName?: string; subject?: string },
): Promise<Detection[]> {
  if (period.auditIds) {
    const found = await queryDetections(db, { ...match, auditIds: period.auditIds });
    const missing = period.auditIds.filter((id) => !found.some((d) => d.auditId === id));
    if (missing.length) throw new HttpError(404, `Rilevazioni non trovate per questo invio: ${missing.join(', ')}`);
    return found;
  }
  let { dateStart, dateEnd } = period;
  if (!dateStart && !dateEnd && period.lastDays) {
    const today = clock.now();
    dateEnd = today.toISOString().slice(0, 10);
    dateStart = new Date(today.getTime() - (period.lastDays - 1) * 86_400_000).toISOString().slice(0, 10);
  }
  const found = await queryDetections(db, { ...match, dateStart, dateEnd });
  // A recurring report (last N days) goes out even when empty: it says there was nothing new.
  if (!found.length && !period.lastDays) throw new HttpError(400, 'Nessuna rilevazione da inviare nel periodo');
  return found;
}

/** One mail listing the detections, sent as the signed-in user. */
async function mailDetections(ctx: HandlerContext, to: string, subject: string, opening: string, detections: Detection[]) {
  const lines = detections.map(
    (d) => `- ${d.detectionDate} · ${d.brandName} («${d.subject}») · ${d.mediaOwner} · ${[d.address, d.municipality].filter(Boolean).join(', ')} [n. ${d.auditId}]`,
  );
  const list = lines.length ? lines.join('\n') : 'Nessuna rilevazione nel periodo.';
  const { id } = await sendMailAs(ctx.services, ctx.db, {
    to,
    subject: `${subject} (${detections.length})`,
    body: `${opening}\n\n${list}\n\nCordiali saluti\nMedia Monitor`,
    kind: 'agent-report',
    sentBy: ctx.user!.username,
    relatedResource: null,
  });
  return { mailId: id, recipient: to, auditIds: detections.map((d) => d.auditId) };
}

async function lookup(
  ctx: HandlerContext | { db: Db },
  kind: string,
  key: string,
  notFound: string,
): Promise<unknown> {
  const { rows } = await ctx.db.query<{ data: unknown }>(
    'SELECT data FROM audit_lookups WHERE kind = $1 AND lower(key) = lower($2)',
    [kind, key],
  );
  if (!rows[0]) throw new HttpError(404, `${notFound} «${key}»`);
  return rows[0].data;
}
