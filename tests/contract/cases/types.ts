/**
 * Extra, purpose-built request cases: a case module looks at one operation (and how its valid
 * request went) and returns requests to send after the document-derived invalid cases. Add a module
 * to `CASE_MODULES` in `index.ts`; the suite runs them for every operation, in write and read-only
 * mode alike (read-only: only for GET operations), and reports each as one check.
 */
import type { ReceivedResponse } from '../check';
import type { OpenApiDocument, Operation } from '../document';
import type { RequestCase, RequestSpec } from '../requests';

export interface CaseInput {
  op: Operation;
  doc: OpenApiDocument;
  /** `service.operationId`. */
  key: string;
  /** The valid request as sent (fixtures applied). */
  valid: RequestSpec;
  /** Its answer, when it was sent and answered. */
  validResponse?: ReceivedResponse;
  /** The resource the operation creates (fixtures.ts), if it is a create. */
  creates?: string;
  /** Whether that resource refuses the same unique values twice. */
  uniqueResource: boolean;
  mode: 'write' | 'read-only';
  /** The target is the project's sandbox: its own rules, which no document states, are checked too. */
  sandboxExtras?: boolean;
  /** The target is a mock of the documents: it keeps no records and reads no `x-` extension. */
  mock?: boolean;
}

export interface CaseModule {
  /** Short name, used as the prefix of its checks' ids. */
  name: string;
  cases(input: CaseInput): RequestCase[];
}
