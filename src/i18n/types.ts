import type { StringMap } from 'react-admin';

/** One resource's messages in react-admin's shape: `name` (singular |||| plural), `fields.<field>`, and any more. */
export interface ResourceMessages extends StringMap {
  name: string;
  fields: StringMap;
}

/** A domain's `resources.<name>` messages, merged into it.ts / en.ts. */
export type ResourcesMessages = Record<string, ResourceMessages>;
