import type { DataProvider, Identifier } from 'react-admin';
import { findAgentByFullName, listAgents, saveAgent } from '@/api/audit';
import { ApiError } from '@/api/errors';
import type { SchemaAgentSummary } from '@/api/generated/audit';
import { localList, toList, toMany, toOne } from './shared';

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
    // The service answers every agent at once: the search (names), sort and page are here.
    return toList(localList(await listAgents(), params, { searchIn: ['name', 'surname', 'fullName'] }));
  },
  async getOne(_resource, params) {
    return toOne(await getAgent(params.id));
  },
  async getMany(_resource, params) {
    const all = await listAgents();
    return toMany(all.filter((a) => params.ids.map(Number).includes(a.id)));
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
    return toOne({ ...agent, fullName: `${agent.name} ${agent.surname}` });
  },
  update: unsupported('modificare'),
  updateMany: unsupported('modificare'),
  delete: unsupported('eliminare'),
  deleteMany: unsupported('eliminare'),
};
