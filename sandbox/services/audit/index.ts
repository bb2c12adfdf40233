/* The audit service, split by concern: records (model), Excel (importExport), CRM sync (crm), handlers, seed. */

export { handlers } from './handlers';
export { seed } from './seed';
export { EXCEL_COLUMNS, pathTypeOf, SUB_ITEM_TYPES } from './model';
export { detectionsWorkbook } from './importExport';
