import { type Lang, type MessageKey, pickLang, translate } from '@app/contract'
import type { FastifyRequest } from 'fastify'
import type { RequestMeta } from '../lib/request-meta.ts'

export function requestLang(req: FastifyRequest): Lang {
  const header = req.headers['accept-language']
  return pickLang(Array.isArray(header) ? header[0] : header)
}

export function t(req: FastifyRequest, key: MessageKey, params?: Record<string, string | number | undefined>) {
  return translate(requestLang(req), key, params)
}

export function requestMeta(req: FastifyRequest): RequestMeta {
  return { ip: req.ip, lang: requestLang(req), userAgent: req.headers['user-agent'] ?? null }
}
