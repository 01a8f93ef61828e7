import type { ProviderState } from '../scenario/types.js';
import { sendHttp, type HttpOptions } from '../target/http-client.js';
import type { Target } from '../target/target.js';

// The reason lives with the skips: the verdict counts it as a skip by design.
import { NO_PROVIDER_STATE } from '../results/skips.js';

export { NO_PROVIDER_STATE };

/** A provider state in force, and how to undo it once the scenario is done. */
export type AppliedState =
  { ok: true; undo(): Promise<void> } | { ok: false; skip: string } | { ok: false; error: string };

/** Whether the scenario sets any provider state (and so needs the simulator's admin API). */
export function setsProviderState(state: ProviderState | undefined): boolean {
  return state?.clock !== undefined || state?.faults !== undefined;
}

/** One part of a provider state: the admin path it is put to (and deleted from to undo it), and its body. */
interface Part {
  name: string;
  path: string;
  body: unknown;
}

function partsOf(state: ProviderState, tenant: string): Part[] {
  const parts: Part[] = [];
  if (state.clock !== undefined)
    parts.push({ name: 'clock', path: `/tenants/${encodeURIComponent(tenant)}/clock`, body: state.clock });
  // The fault configuration is the simulator's, not the tenant's: a rule names its tenant itself.
  if (state.faults !== undefined) parts.push({ name: 'faults', path: '/faults', body: state.faults });
  return parts;
}

/**
 * Sets a scenario's provider state through the simulator's admin API before its steps: `clock` is
 * `PUT /__admin/tenants/{tenant}/clock` for the tenant the scenario runs as, `faults` is
 * `PUT /__admin/faults`. Undoing deletes each (the clock back on real time, every fault off), so the next
 * scenario starts as if none was set. When one part is refused, the parts already set are undone.
 */
export async function applyState(
  state: ProviderState | undefined,
  target: Target,
  http: HttpOptions,
): Promise<AppliedState> {
  if (!state || !setsProviderState(state)) return { ok: true, undo: async () => {} };
  const admin = target.admin;
  if (!admin) return { ok: false, skip: NO_PROVIDER_STATE };
  const base = `${admin.baseUrl.replace(/\/+$/, '')}/__admin`;
  const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
  const done: Part[] = [];
  const undo = async (): Promise<void> => {
    for (const part of [...done].reverse())
      await sendHttp(`${base}${part.path}`, { method: 'DELETE', headers }, http);
  };
  for (const part of partsOf(state, admin.tenant)) {
    const set = await sendHttp(
      `${base}${part.path}`,
      { method: 'PUT', headers, body: JSON.stringify(part.body) },
      http,
    );
    let error: string | undefined;
    if (set.kind === 'network-error') error = set.message;
    else if (set.status !== 200) {
      const message = (set.body as { errors?: Array<{ message?: string }> } | undefined)?.errors?.[0]
        ?.message;
      error = `HTTP ${set.status} ${message ?? set.text.slice(0, 200)}`;
    }
    if (error !== undefined) {
      await undo();
      return { ok: false, error: `setting state.${part.name} failed: ${error}` };
    }
    done.push(part);
  }
  return { ok: true, undo };
}
