import type {
  paths,
  SchemaSubItemInput,
  SchemaSubItemPathType,
  SchemaSubItemSaveBody,
  SchemaSubItemTypeName,
} from './generated/audit';
import { lazyClient } from './http';

/** The audit service (spec §7): a typed openapi-fetch client. */
export const auditApi = lazyClient<paths>('audit');

/** The sub-item type names (Gestione Campi), in the order the screens show them. */
export const SUB_ITEM_TYPES: readonly SchemaSubItemTypeName[] = [
  'format',
  'media_type',
  'location',
  'supplier',
  'product_category',
];

export function isSubItemType(value: unknown): value is SchemaSubItemTypeName {
  return typeof value === 'string' && (SUB_ITEM_TYPES as readonly string[]).includes(value);
}

/** Spec §3: a type name is written in paths with its underscores removed (`media_type` → `mediatype`). */
export function subItemPathType(type: SchemaSubItemTypeName): SchemaSubItemPathType {
  return type.replace(/_/g, '') as SchemaSubItemPathType;
}

/** Spec §7: the body of `POST {type}/save` is an object keyed by the type name holding the item. */
export function subItemSaveBody(
  type: SchemaSubItemTypeName,
  item: SchemaSubItemInput,
): SchemaSubItemSaveBody {
  return { [type]: item } as SchemaSubItemSaveBody;
}

/** The spreadsheet name of an export (spec §7): `export` plus the two dates. */
export function exportFileName(dateStart: string, dateEnd: string): string {
  return `export_${dateStart}_${dateEnd}.xlsx`;
}
