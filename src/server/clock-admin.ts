import express, { type Router } from 'express';
import { checkClockChange, type Simulator } from '../simulator/index.js';
import { sendError } from './http.js';
import { CODE } from '../contract/error-codes.js';

/**
 * `GET|PUT|DELETE /__admin/tenants/{id}/clock`: the tenant's clock, one for all its regions. Mounted
 * behind the admin token check.
 */
export function clockRouter(simulator: Simulator): Router {
  const router = express.Router();
  const path = '/tenants/:id/clock';

  router.get(path, (req, res) => {
    const id = req.params['id'] ?? '';
    const clock = simulator.clock(id);
    if (!clock) return sendError(res, 404, `No tenant "${id}".`, CODE.NOT_FOUND);
    res.json(clock.state(id));
  });

  router.put(path, (req, res) => {
    const id = req.params['id'] ?? '';
    const clock = simulator.clock(id);
    if (!clock) return sendError(res, 404, `No tenant "${id}".`, CODE.NOT_FOUND);
    const change = checkClockChange(req.body);
    if (typeof change === 'string') return sendError(res, 400, `Invalid clock: ${change}.`, CODE.BAD_REQUEST);
    const problem = clock.change(change);
    if (problem) return sendError(res, 400, `Invalid clock: ${problem}.`, CODE.BAD_REQUEST);
    res.json(clock.state(id));
  });

  router.delete(path, (req, res) => {
    const id = req.params['id'] ?? '';
    const clock = simulator.clock(id);
    if (!clock) return sendError(res, 404, `No tenant "${id}".`, CODE.NOT_FOUND);
    clock.reset();
    res.json(clock.state(id));
  });
  return router;
}
