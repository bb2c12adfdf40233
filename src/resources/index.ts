import type { ResourceProps } from 'react-admin';
import { usersResource } from '@/pages/settings/users';
import { agentsResource } from '@/resources/agents';
import { detectionsResource } from '@/resources/detections';
import { subItemsResource } from '@/resources/subitems';
import { systemsResource } from '@/resources/systems';
import { campaignsResources } from './campaigns';
import { creativesResources } from './creatives';
import { devicesResources } from './devices';
import { ordersResources } from './orders';
import { permitsResources } from './permits';
import { planningsResources } from './plannings';
import { workOrdersResources } from './workOrders';

/**
 * The react-admin resources, one definition per resource: `{ name, list, edit, create, show, icon,
 * recordRepresentation }` (a resource folder's index.ts exports it). App.tsx renders each as
 * <Resource {...definition} />. Add yours below; who may use it is set in src/auth/permissions.ts
 * (the `resources` of a ROUTE_PERMISSIONS row), and its data provider in src/dataProviders/index.ts.
 */
export type ResourceDefinition = Pick<
  ResourceProps,
  | 'name'
  | 'list'
  | 'edit'
  | 'create'
  | 'show'
  | 'icon'
  | 'recordRepresentation'
  | 'options'
  | 'hasCreate'
  | 'hasEdit'
  | 'hasShow'
>;

import { advertisersResource } from './advertisers';
import { catalogsResource } from './catalogs';
import { estimatesResource } from './estimates';
import { opportunitiesResource } from './opportunities';
import { productsResource } from './products';

export const RESOURCES: ResourceDefinition[] = [opportunitiesResource, advertisersResource, estimatesResource, productsResource, catalogsResource, usersResource, detectionsResource, subItemsResource, agentsResource, systemsResource, ...ordersResources, ...campaignsResources, ...planningsResources, ...creativesResources, ...devicesResources, ...workOrdersResources, ...permitsResources];
