import type { ProviderState } from '../scenario/types.js';
import { sendHttp, type HttpOptions } from '../target/http-client.js';
import type { Target } from '../target/target.js';

/** Why a scenario with a provider state cannot run here: only a simulator the runner started has one to set. */
export const NO_PROVIDER_STATE =
  'sets a provider state (state.clock) through the simulator admin API; run it with --target sim';

/** A provider state in force, and how to undo it once the scenario is done. */
export type AppliedState =
  { ok: true; undo(): Promise<void> } | { ok: false; skip: string } | { ok: false; error: string };

/**
 * Sets a scenario's provider state through the simulator's admin API before its steps: `clock` is
 * `PUT /__admin/tenants/{tenant}/clock` for the tenant the scenario runs as; undoing puts the clock back
 * on real time, so the next scenario starts as if none was set.
 */
export async function applyState(
  state: ProviderState | undefined,
  target: Target,
  http: HttpOptions,
): Promise<AppliedState> {
  if (state?.clock === undefined) return { ok: true, undo: async () => {} };
  const admin = target.admin;
  if (!admin) return { ok: false, skip: NO_PROVIDER_STATE };
  const url = `${admin.baseUrl.replace(/\/+$/, '')}/__admin/tenants/${encodeURIComponent(admin.tenant)}/clock`;
  const headers = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };
  const set = await sendHttp(url, { method: 'PUT', headers, body: JSON.stringify(state.clock) }, http);
  if (set.kind === 'network-error') return { ok: false, error: `setting state.clock failed: ${set.message}` };
  if (set.status !== 200) {
    const message = (set.body as { errors?: Array<{ message?: string }> } | undefined)?.errors?.[0]?.message;
    return {
      ok: false,
      error: `setting state.clock failed: HTTP ${set.status} ${message ?? set.text.slice(0, 200)}`,
    };
  }
  return {
    ok: true,
    undo: async () => {
      await sendHttp(url, { method: 'DELETE', headers }, http);
    },
  };
}
