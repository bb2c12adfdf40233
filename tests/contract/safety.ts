/**
 * What keeps a write-mode run safe on a shared environment:
 *
 * - every e-mail address a request carries is rewritten to a marker address on a reserved domain
 *   (`.invalid`, RFC 2606 / RFC 6761), whatever the document's example says, so a run mails nobody;
 * - the signed-in user's own record (theme, avatar) is read before the run and put back after it;
 * - operations that act on records the run did not make (the lead sync) are named here and sent
 *   only to a throw-away target.
 */
import type { RequestPatch } from './fixtures';
import type { BodySpec, RequestSpec } from './requests';

/** The reserved domain of every address a run sends (`.invalid` never resolves). */
export const MARKER_DOMAIN = 'contract-test.invalid';

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

export function isMarkerAddress(address: string): boolean {
  return address.toLowerCase().endsWith(`@${MARKER_DOMAIN}`);
}

/** Replaces every address of a run with marker addresses; the same address always gets the same marker. */
export class EmailRewriter {
  private readonly map = new Map<string, string>();
  constructor(private readonly next: () => string) {}

  address(original: string): string {
    if (isMarkerAddress(original)) return original;
    const key = original.toLowerCase();
    let marker = this.map.get(key);
    if (!marker) {
      marker = this.next();
      this.map.set(key, marker);
    }
    return marker;
  }

  text(text: string): string {
    return text.replace(EMAIL, (found) => this.address(found));
  }

  value(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.value(v));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.value(v)]));
    return value;
  }

  body(body: BodySpec | undefined): BodySpec | undefined {
    if (!body) return body;
    switch (body.type) {
      case 'json':
        return { ...body, value: this.value(body.value) };
      case 'form':
        return { ...body, value: this.value(body.value) as Record<string, unknown> };
      case 'multipart':
        return { ...body, fields: this.value(body.fields) as Record<string, unknown> };
      case 'raw':
        return { ...body, text: this.text(body.text) };
      default:
        return body;
    }
  }

  /** The request with every address in its path, query and body rewritten. */
  request(request: RequestSpec): RequestSpec {
    return {
      ...request,
      pathParams: Object.fromEntries(Object.entries(request.pathParams).map(([k, v]) => [k, this.text(v)])),
      rawPath: request.rawPath === undefined ? undefined : this.text(request.rawPath),
      query: request.query.map(([k, v]) => [k, this.text(v)]),
      body: this.body(request.body),
    };
  }
}

/**
 * Operations that change the signed-in user's own record: the run sends them as a user it made
 * (fixtures.ts), and the signed-in user's state is read before and put back after the run anyway.
 */
export const OWN_RECORD_OPERATIONS = ['user.updatePreference', 'user.uploadAvatar', 'user.changePassword'];

/** Operations that act on records the run did not make (every new lead becomes an opportunity): sent only with `--disposable`. */
export const SHARED_DATA_OPERATIONS: Record<string, string> = {
  'audit.syncLeads': 'turns every new lead of the environment into an opportunity, not only the run\u2019s own',
};

/** What the run puts back of the signed-in user. */
export interface OwnState {
  theme?: string;
  avatarId?: number | null;
  /** The avatar's bytes, read before the run (to upload it again if the run replaced it). */
  avatar?: { bytes: Uint8Array; mediaType: string };
}

/** The theme and avatar of a profile answer (`getProfile`). */
export function ownStateOf(profile: unknown): OwnState {
  const p = (profile && typeof profile === 'object' ? profile : {}) as { avatarId?: unknown; principal?: { preference?: { theme?: unknown } } };
  const theme = p.principal?.preference?.theme;
  return {
    theme: typeof theme === 'string' ? theme : undefined,
    avatarId: typeof p.avatarId === 'number' ? p.avatarId : p.avatarId === null ? null : undefined,
  };
}

export interface RestoreStep {
  op: string;
  patch: RequestPatch;
  what: string;
}

/** The requests that put the signed-in user back as it was, and what cannot be put back. */
export function restorePlan(before: OwnState, after: OwnState): { steps: RestoreStep[]; cannot: string[] } {
  const steps: RestoreStep[] = [];
  const cannot: string[] = [];
  if (before.theme !== undefined && after.theme !== before.theme) {
    steps.push({ op: 'user.updatePreference', patch: { bodyValue: { theme: before.theme } }, what: `theme ${after.theme ?? '(none)'} → ${before.theme}` });
  }
  if (before.avatarId !== undefined && after.avatarId !== before.avatarId) {
    if (before.avatar) {
      const ext = before.avatar.mediaType === 'image/jpeg' ? 'jpg' : 'png';
      steps.push({ op: 'user.uploadAvatar', patch: { file: { bytes: before.avatar.bytes, mediaType: before.avatar.mediaType, fileName: `avatar.${ext}` } }, what: `avatar ${after.avatarId ?? '(none)'} → the one read before the run` });
    } else cannot.push(`avatar changed from ${before.avatarId ?? 'none'} to ${after.avatarId ?? 'none'}: no document operation removes an avatar`);
  }
  return { steps, cannot };
}
