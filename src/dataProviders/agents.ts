import type { DataProvider, Identifier } from 'react-admin';
import { findAgentByFullName, listAgents, saveAgent } from '@/api/audit';
import { ApiError } from '@/api/errors';
import type { SchemaAgentSummary } from '@/api/generated/audit';

/**
 * `agents`: the media monitor's agents. The service lists names (agent/allNameAndSurname), creates
 * (agent/save) and finds by full name (agent/findByNameAndSurname/{fullName}); it has no update or
 * delete, so those calls fail with a clear message.
 */
export type AgentRecord = SchemaAgentSummary & { email?: string };

async function getAgent(id: Identifier): Promise<AgentRecord> {
  const summary = (await listAgents()).find((a) => a.id === Number(id));
  if (!summary) throw new ApiError(404, `Agente ${String(id)} non trovato`);
  const agent = await findAgentByFullName(summary.fullName);
  return { ...summary, email: agent.email };
}

const unsupported = (what: string) => async (): Promise<never> => {
  throw new ApiError(405, `Il servizio audit non consente di ${what} un agente`);
};

export const agentsDataProvider: DataProvider = {
  async getList(_resource, params) {
    let rows = await listAgents();
    const q = String((params.filter as { q?: string } | undefined)?.q ?? '').toLowerCase();
    if (q) rows = rows.filter((a) => a.fullName.toLowerCase().includes(q));
    const field =
      (['name', 'surname', 'fullName', 'id'] as const).find((f) => f === params.sort?.field) ?? 'surname';
    const dir = params.sort?.order === 'DESC' ? -1 : 1;
    rows = [...rows].sort(
      (a, b) => String(a[field]).localeCompare(String(b[field]), 'it', { numeric: true }) * dir,
    );
    const page = params.pagination?.page ?? 1;
    const perPage = params.pagination?.perPage ?? 25;
    return { data: rows.slice((page - 1) * perPage, page * perPage) as never[], total: rows.length };
  },
  async getOne(_resource, params) {
    return { data: (await getAgent(params.id)) as never };
  },
  async getMany(_resource, params) {
    const all = await listAgents();
    return { data: all.filter((a) => params.ids.map(Number).includes(a.id)) as never[] };
  },
  async getManyReference() {
    throw new Error('Gli agenti non hanno elenchi collegati');
  },
  async create(_resource, params) {
    const data = params.data as Record<string, unknown>;
    const agent = await saveAgent({
      name: String(data.name ?? '').trim(),
      surname: String(data.surname ?? '').trim(),
      email: String(data.email ?? '').trim(),
    });
    return { data: { ...agent, fullName: `${agent.name} ${agent.surname}` } as never };
  },
  update: unsupported('modificare'),
  updateMany: unsupported('modificare'),
  delete: unsupported('eliminare'),
  deleteMany: unsupported('eliminare'),
};
