import contentDisposition from 'content-disposition';
import type { Db } from './db';

/** A failure a handler reports: status, an Italian message, optional details. Never a stack trace. */
export class HttpError extends Error {
  readonly status: number;
  readonly details?: Record<string, unknown>;
  constructor(status: number, message: string, details?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

export interface UploadedFile {
  fieldName: string;
  fileName: string;
  mediaType: string;
  size: number;
  content: Buffer;
}

export interface Principal {
  username: string;
  role: string;
  /** 'user' for staff, 'guest' for a tokenised link's visitor. */
  kind: 'user' | 'guest';
  /** For a guest: the one resource the token opens. */
  resource?: { resourceType: string; resourceId: number };
  accessToken: string;
}

export interface HandlerContext {
  db: Db;
  service: string;
  operationId: string;
  /** The operation's `x-` fields in its document (e.g. `x-max-rows`), which state its limits. */
  extensions: Record<string, unknown>;
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  /** The address of the connection the request came on (forwarding headers are not trusted). */
  clientAddress: string;
  /** Parsed JSON, form fields, or multipart fields (files in `files`). */
  body: unknown;
  files: UploadedFile[];
  /** The signed-in caller; undefined only on public operations. */
  user?: Principal;
  /** The sandbox's own origin, for links it writes (mails, callbacks). */
  origin: string;
  /** Calls another service of the sandbox in-process (e.g. share → mail); pass the handler's db or transaction. */
  services: SandboxServices;
}

export interface HandlerResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (ctx: HandlerContext) => Promise<HandlerResult | unknown> | HandlerResult | unknown;

/** Handlers of one service by operationId, as the server looks them up. */
export type ServiceHandlers = Record<string, Handler>;

/**
 * A service's handlers keyed by its document's operationIds (the generated `operations`): an
 * operation of the document without a handler fails the typecheck.
 */
export type OperationHandlers<Operations> = { [K in keyof Operations & string]: Handler };

/** What the sandbox's services reach of each other in-process: the mail outbox and the history. */
export interface InternalServices {
  /** Records a mail in the outbox (the mail service) and returns it. */
  sendMail(
    db: Db,
    mail: { to: string; subject: string; body: string; kind?: string; sentBy?: string; relatedResource?: string | Record<string, unknown> },
  ): Promise<{ id: number }>;
  /** Records a history entry for a write to a system, campaign or advertiser. */
  recordHistory(db: Db, entry: {
    entityType: 'system' | 'campaign' | 'advertiser' | 'advertiserUser';
    entityId: number;
    action: string;
    username: string;
    changes?: unknown;
  }): Promise<void>;
}

export interface SandboxServices extends InternalServices {
  /**
   * Calls another service's operation in-process, as the caller and on the caller's db or
   * transaction, the way a service would call another over HTTP; answers the operation's body.
   */
  invoke(caller: HandlerContext, db: Db, service: string, operationId: string, request: { body?: unknown; params?: Record<string, string>; query?: Record<string, unknown> }): Promise<unknown>;
}

/** A result with an explicit status/headers rather than a bare body. */
export function reply(status: number, body?: unknown, headers?: Record<string, string>): HandlerResult & { __reply: true } {
  return { status, body, headers, __reply: true };
}

export function isReply(value: unknown): value is HandlerResult {
  return Boolean(value && typeof value === 'object' && '__reply' in value);
}

/**
 * A file download. The name is whatever an uploader sent (any script, CR/LF, quotes): the header is
 * written by `content-disposition` (RFC 6266, with an RFC 5987 `filename*` for non-ASCII names).
 */
export function file(content: Buffer | Uint8Array, mediaType: string, fileName?: string): HandlerResult & { __reply: true } {
  const headers: Record<string, string> = { 'Content-Type': mediaType };
  if (fileName) headers['Content-Disposition'] = contentDisposition(fileName);
  return reply(200, Buffer.from(content), headers);
}
