import type { DataProvider, Identifier } from 'react-admin';
import {
  createSubItem,
  deleteSubItem as deleteSubItemValue,
  getSubItem as getSubItemValue,
  isSubItemType,
  listSubItems,
  SUB_ITEM_TYPES,
  updateSubItem,
} from '@/api/audit';
import { ApiError } from '@/api/http';
import { localList, toDeleted, toList, toMany, toOne } from './shared';
import type { SchemaSubItem, SchemaSubItemTypeName } from '@/api/generated/audit';

/**
 * `subItems`: the values of every sub-item type (Gestione Campi) as one react-admin resource. A
 * record's id is `<type>:<value id>` (value ids are unique only within their type); `filter.type`
 * (or `meta.type`) names the type of a list or a create.
 */
export type SubItemRecord = Omit<SchemaSubItem, 'id'> & {
  id: string;
  itemId: number;
  type: SchemaSubItemTypeName;
};

export const subItemId = (type: SchemaSubItemTypeName, itemId: number): string => `${type}:${itemId}`;

export function parseSubItemId(id: Identifier): { type: SchemaSubItemTypeName; itemId: number } {
  const [type, raw] = String(id).split(':');
  const itemId = Number(raw);
  if (!isSubItemType(type) || !Number.isInteger(itemId) || itemId < 1)
    throw new ApiError(400, `Identificativo di valore non valido: ${String(id)}`);
  return { type, itemId };
}

const toRecord = (type: SchemaSubItemTypeName, item: SchemaSubItem): SubItemRecord => ({
  ...item,
  id: subItemId(type, item.id),
  itemId: item.id,
  type,
});

function typeOf(...candidates: unknown[]): SchemaSubItemTypeName {
  const type = candidates.find(isSubItemType);
  if (!type)
    throw new ApiError(
      400,
      `Tipo di sotto-voce mancante o sconosciuto (ammessi: ${SUB_ITEM_TYPES.join(', ')})`,
    );
  return type;
}

/** GET {type}/all with the type name's underscores removed. */
export async function listSubItemValues(type: SchemaSubItemTypeName): Promise<SubItemRecord[]> {
  const items = await listSubItems(type);
  return items.map((i) => toRecord(type, i));
}

async function getSubItem(id: Identifier): Promise<SubItemRecord> {
  const { type, itemId } = parseSubItemId(id);
  return toRecord(type, await getSubItemValue(type, itemId));
}

async function deleteSubItem(id: Identifier): Promise<void> {
  const { type, itemId } = parseSubItemId(id);
  await deleteSubItemValue(type, itemId);
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

export const subItemsDataProvider: DataProvider = {
  async getList(_resource, params) {
    const filter = (params.filter ?? {}) as { type?: unknown };
    const type = typeOf(filter.type, params.meta?.type);
    // The service answers a type whole: the search (name and description), sort and page are here.
    const page = localList(await listSubItemValues(type), { ...params, filter: { ...params.filter, type } }, {
      searchIn: ['name', 'description'],
    });
    return toList(page);
  },
  async getOne(_resource, params) {
    return toOne(await getSubItem(params.id));
  },
  async getMany(_resource, params) {
    return toMany(await Promise.all(params.ids.map(getSubItem)));
  },
  async getManyReference() {
    throw new Error('Le sotto-voci non hanno elenchi collegati');
  },
  async create(_resource, params) {
    const data = params.data as Record<string, unknown>;
    const type = typeOf(data.type, params.meta?.type);
    const created = await createSubItem(type, {
      name: String(data.name ?? '').trim(),
      description: text(data.description),
    });
    return toOne(toRecord(type, created));
  },
  async update(_resource, params) {
    const { type, itemId } = parseSubItemId(params.id);
    const data = params.data as Record<string, unknown>;
    const updated = await updateSubItem(type, {
      id: itemId,
      name: String(data.name ?? '').trim(),
      description: text(data.description),
      ...(typeof data.lockVersion === 'number' ? { lockVersion: data.lockVersion } : {}),
    });
    return toOne(toRecord(type, updated));
  },
  async updateMany() {
    throw new Error('Le sotto-voci si modificano una alla volta');
  },
  async delete(_resource, params) {
    await deleteSubItem(params.id);
    return toDeleted(params.id, params.previousData);
  },
  async deleteMany(_resource, params) {
    for (const id of params.ids) await deleteSubItem(id);
    return { data: params.ids };
  },
};
