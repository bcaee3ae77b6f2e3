import { AGENT_HEADER, AgentSchema, type Agent } from '@tutti/contract/accounts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** The X-Agent header, parsed. Absent: null (curl, probes). Present but malformed: 400, so clients notice. */
export function readAgent(request: FastifyRequest): Agent | null {
  const raw = request.headers[AGENT_HEADER];
  if (raw === undefined || raw === '') return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  let json: unknown;
  try {
    json = JSON.parse(value ?? '');
  } catch {
    json = undefined;
  }
  const parsed = AgentSchema.safeParse(json);
  if (!parsed.success) {
    throw new AppError(400, 'VALIDATION_FAILED', 'The X-Agent header is invalid.', {
      fields: { [AGENT_HEADER]: 'invalid' },
    });
  }
  return parsed.data;
}
