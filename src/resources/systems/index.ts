import type { ResourceDefinition } from '@/resources';

/**
 * The `systems` resource (registered for react-admin's references and record representation); its
 * screens are the custom routes /systems-manage/… in src/routes.tsx.
 */
export const systemsResource: ResourceDefinition = {
  name: 'systems',
  recordRepresentation: (record: { code?: string; name?: string }) => [record.code, record.name].filter(Boolean).join(' · '),
};
